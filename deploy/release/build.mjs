// `pnpm release:build [--out DIR] [--reuse-builds]`: one folder that holds a whole release, to copy
// to a server (or into a container image) and run without the repository:
//   backend/             the bundled backend (dist/: main.js and the cli/ tools), its platform
//                        migrations and its production dependencies (pnpm deploy --prod)
//   app-server/          the app's server side, bundled (dist/index.js: the backend's default
//                        APP_SERVER there) with its production dependencies
//   supabase/migrations/ the app's migrations (the backend's default APP_MIGRATIONS_DIR there)
//   static/<package>/    the production build of the shell and of each remote, with its manifests
//   deploy/              the site generator, systemd units, container files, database roles
//   release.json, SHA256SUMS   what this is, and a checksum of every file outside node_modules
// --reuse-builds keeps existing app builds (the drills use it on a tree built moments before).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APPS } from '../../scripts/remotes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => (args.indexOf(`--${name}`) >= 0 ? args[args.indexOf(`--${name}`) + 1] : undefined);
const sh = (cmd, cmdArgs, cwd = ROOT) => execFileSync(cmd, cmdArgs, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();

const version = git('describe', '--tags', '--always', '--dirty', '--match', 'v*');
const out = path.resolve(option('out') ?? path.join(ROOT, 'dist-release', `need40-${version}`));
const started = Date.now();
const step = (what) => console.log(`release: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const dists = APPS.map((a) => path.join(ROOT, a.package, 'dist'));
if (!flag('reuse-builds') || dists.some((d) => !fs.existsSync(path.join(d, 'mf-manifest.json')) && !fs.existsSync(path.join(d, 'index.html')))) {
  step('building the shell and the remotes (pnpm build)');
  sh('pnpm', ['build']);
}
step('bundling the backend');
sh('pnpm', ['--filter', 'backend', 'run', '--silent', 'build']);
step('the backend with its production dependencies (pnpm deploy --prod)');
sh('pnpm', ['--filter', 'backend', 'deploy', '--prod', '--legacy', path.join(out, 'backend')]);
step('bundling the app server, with its production dependencies');
sh('pnpm', ['--filter', 'app-server', 'run', '--silent', 'build']);
sh('pnpm', ['--filter', 'app-server', 'deploy', '--prod', '--legacy', path.join(out, 'app-server')]);

step('static builds, migrations, deployment files');
const copy = (from, to, filter) => fs.cpSync(path.join(ROOT, from), path.join(out, to), { recursive: true, filter });
for (const app of APPS) copy(`${app.package}/dist`, `static/${app.package}`);
// The shell's config.json and remotes.json belong to a deployment: deploy/site/site.mjs writes them.
for (const file of ['config.json', 'remotes.json']) fs.rmSync(path.join(out, 'static', APPS[0].package, file), { force: true });
copy('supabase/migrations', 'supabase/migrations');
for (const dir of ['site', 'systemd', 'container', 'postgres']) copy(`deploy/${dir}`, `deploy/${dir}`);
for (const file of ['scripts/remotes.mjs', 'scripts/serve-static.mjs', 'remotes.manifest.json', 'CHANGELOG.md', 'docs/operations.md']) copy(file, file);

// Checksums of everything but the dependencies: `sha256sum -c SHA256SUMS` on the server.
const files = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) walk(full);
    else files.push(path.relative(out, full));
  }
};
walk(out);
files.sort();
const sums = files.map((f) => `${createHash('sha256').update(fs.readFileSync(path.join(out, f))).digest('hex')}  ${f}`);
fs.writeFileSync(path.join(out, 'SHA256SUMS'), `${sums.join('\n')}\n`);
const release = { name: 'need40', version, commit: git('rev-parse', 'HEAD'), builtAt: new Date().toISOString(), node: process.version, files: files.length };
fs.writeFileSync(path.join(out, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
step(`done: ${out}`);
console.log(JSON.stringify({ release: out, ...release, seconds: (Date.now() - started) / 1000 }));

// `pnpm start`: build what is missing, serve the production builds of the shell and the four
// remotes (scripts/serve-static.mjs: CORS, cache headers, CSP), start the backend, print the URL.
// `pnpm dev` (--dev): the same with rspack dev servers (hot reload) instead of builds.
// Options: --rebuild (build everything first), --no-backend. Environment: see README.md (configuration).
import { spawn, spawnSync } from 'node:child_process';
import { spawnBackend } from './backend-process.mjs';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startPlan } from './start-env.mjs';
import { releaseStoreMounts, startStaticServer } from './serve-static.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const rebuild = args.has('--rebuild');
const withBackend = !args.has('--no-backend');
const env = process.env;

const host = env.HOST ?? 'localhost';
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const plan = startPlan(env, readJson('shell/public/config.json'));
const { publicHost } = plan;
export const APPS = plan.apps;
const shell = APPS[0];

const children = [];
const servers = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const s of servers) s.close();
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${argv.join(' ')} failed (exit ${r.status}).`);
    process.exit(r.status ?? 1);
  }
}

const distOf = (app) => path.join(root, app.pkg, 'dist');
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) if (entry !== 'node_modules' && entry !== 'dist') newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}
/** Built, and not older than its sources (after a `git pull` the changed apps are rebuilt). */
function isBuilt(app) {
  const marker = path.join(distOf(app), app.pkg === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(marker)) return false;
  const sources = ['src', 'public', 'rspack.config.mjs'].map((p) => path.join(root, app.pkg, p));
  sources.push(path.join(root, 'shared/src'), path.join(root, 'ui/src'), path.join(root, 'release/src/registry'), path.join(root, 'scripts/rspack'), path.join(root, 'remotes.manifest.json'));
  return Math.max(...sources.map(newestMtime)) <= statSync(marker).mtimeMs;
}

function startBackend() {
  const main = path.join(root, 'backend/src/main.ts');
  if (!existsSync(main)) {
    console.log('· backend/src/main.ts does not exist yet: not starting a backend (the page shows the connection failure).');
    return;
  }
  const child = spawnBackend({ env: { ...env, ...plan.backendEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`✗ backend exited (${signal ?? code}). The frontends keep running; fix it and restart.`);
  });
  children.push(child);
}

/**
 * Wait (up to 2 minutes) until the backend answers /health, so "running" is true when it is printed:
 * a first start migrates a new PGlite database, which can take longer than serving built apps.
 */
async function backendHealthy(baseUrl) {
  const deadline = Date.now() + 120_000;
  let said = false;
  while (Date.now() < deadline && !stopping) {
    const ok = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) return true;
    if (!said) console.log('· waiting for the backend to answer (a first start migrates its database) …');
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function main() {
  const { config, remotes } = plan;
  if (withBackend) startBackend();

  if (dev) {
    // Dev servers serve each app's public/ folder as is (shell/public/config.json holds the
    // development backend); the shell's dev server answers /remotes.json from the manifest.
    for (const app of APPS) {
      const child = spawn('pnpm', ['--filter', app.pkg, 'dev'], {
        cwd: root,
        env: { ...env, [`PORT_${app.name.toUpperCase()}`]: String(app.port) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
    }
  } else {
    for (const app of APPS) {
      if (rebuild || !isBuilt(app)) {
        console.log(`· building ${app.pkg} (missing or older than its sources) …`);
        run('pnpm', ['--filter', app.pkg, 'build']);
      }
    }
    // The deployment-specific files live next to the build (dist/ is git-ignored).
    const runtimeDir = path.join(root, 'shell/dist');
    mkdirSync(runtimeDir, { recursive: true });
    writeFileSync(path.join(runtimeDir, 'config.json'), JSON.stringify(config, null, 2) + '\n');
    writeFileSync(path.join(runtimeDir, 'remotes.json'), JSON.stringify(remotes, null, 2) + '\n');
    for (const app of APPS) {
      // The shell also serves the release store: /releases/ (immutable) and /registry/ (no-cache).
      const extra = app.pkg === 'shell' ? { mounts: releaseStoreMounts(plan.releaseStore) } : { files: { '/config.json': path.join(runtimeDir, 'config.json') } };
      servers.push(await startStaticServer({ root: distOf(app), port: app.port, host, ...extra }));
    }
  }

  const ready = withBackend && existsSync(path.join(root, 'backend/src/main.ts')) ? await backendHealthy(config.supabaseUrl) : true;
  const url = `http://${publicHost}:${shell.port}/`;
  console.log(`\n  Need40 is ${dev ? 'starting (dev servers)' : 'running'}: open ${url}`);
  if (!ready) console.log('  (the backend has not answered /health yet: the page shows the connection banner until it does)');
  for (const app of APPS.slice(1)) console.log(`    ${app.pkg.padEnd(12)} http://${publicHost}:${app.port}/  (standalone page; mf-manifest.json)`);
  console.log(`    backend      ${config.supabaseUrl}`);
  const released = existsSync(path.join(plan.releaseStore, 'registry', `${plan.releaseEnv}.json`));
  console.log(`    releases     ${plan.releaseStore}, registry ${remotes.registry}${released ? '' : ' (nothing released yet: every remote runs its own build)'}`);
  console.log('  Stop with Ctrl+C.\n');
}

main().catch((error) => {
  console.error(error);
  stop(1);
});

/**
 * Build the production bundles the suite runs against when they are missing or older than their
 * sources (the app's src/ and public/, shared/src, ui/src, the registry code the shell bundles, the rspack config factory, the apps' manifest). E2E_REBUILD=1 forces.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageOf, REMOTES, ROOT, distOf } from './paths';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isStale(app: string): boolean {
  const pkg = path.join(ROOT, packageOf(app));
  const marker = path.join(distOf(app), app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(marker)) return true;
  const sources = [path.join(pkg, 'src'), path.join(pkg, 'public'), path.join(pkg, 'rspack.config.mjs'), path.join(ROOT, 'shared/src'), path.join(ROOT, 'ui/src'), path.join(ROOT, 'release/src/registry'), path.join(ROOT, 'scripts/rspack'), path.join(ROOT, 'remotes.manifest.json')];
  return Math.max(...sources.map(newestMtime)) > statSync(marker).mtimeMs;
}

export function ensureBuilt(force = process.env.E2E_REBUILD === '1'): void {
  const stale = ['shell', ...REMOTES].filter((app) => force || isStale(app));
  if (!stale.length) return;
  // One pnpm run for all of them: pnpm builds the packages side by side. One after the other, the
  // six builds took 75 s on the shared 2-core machine; in one run, 51 s (load average 4–11).
  console.log(`[e2e] building ${stale.map(packageOf).join(', ')} …`);
  const r = spawnSync('pnpm', [...stale.flatMap((app) => ['--filter', packageOf(app)]), 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`build of ${stale.map(packageOf).join(', ')} failed (exit ${r.status})`);
}

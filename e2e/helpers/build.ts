/** Build the production bundles the suite runs against, unless they exist (E2E_REBUILD=1 forces). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_OF, REMOTES, ROOT, distOf } from './paths';

export function ensureBuilt(force = process.env.E2E_REBUILD === '1'): void {
  for (const app of ['shell', ...REMOTES] as const) {
    const marker = path.join(distOf(app), app === 'shell' ? 'index.html' : 'mf-manifest.json');
    if (!force && existsSync(marker)) continue;
    console.log(`[e2e] building ${PACKAGE_OF[app]} …`);
    const r = spawnSync('pnpm', ['--filter', PACKAGE_OF[app], 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`build of ${PACKAGE_OF[app]} failed (exit ${r.status})`);
  }
}

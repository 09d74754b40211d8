/** Where things are for the release tooling: the repository, the apps of remotes.manifest.json, the default store. */
import path from 'node:path';
import { REMOTES, SHELL, type App } from '../../scripts/remotes.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A remote by its name (`campaign`) or its package (`mf-campaign`). */
export function remoteApp(nameOrPackage: string): App {
  const app = REMOTES.find((r) => r.name === nameOrPackage || r.package === nameOrPackage);
  if (!app) throw new Error(`no remote "${nameOrPackage}" in remotes.manifest.json (remotes: ${REMOTES.map((r) => r.name).join(', ')})`);
  return app;
}

export const packageDir = (app: App): string => path.join(ROOT, app.package);
export const shellDist = (): string => path.join(ROOT, SHELL.package, 'dist');
/** The folder store `pnpm start` serves when RELEASE_STORE does not name another. */
export const DEFAULT_STORE = path.join(ROOT, '.releases');

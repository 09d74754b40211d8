import path from 'node:path';
import { REMOTES as MANIFEST_REMOTES, SHELL } from '../../scripts/remotes.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Git-ignored scratch space of the e2e run (builds for tests, data directories). */
export const RUNTIME_DIR = path.join(ROOT, 'e2e/.runtime');

/** The remotes of remotes.manifest.json (the one list of apps), in page order. */
export const REMOTES: readonly string[] = MANIFEST_REMOTES.map((r) => r.name);
export type RemoteName = string;

export const PACKAGE_OF: Record<string, string> = Object.fromEntries([SHELL, ...MANIFEST_REMOTES].map((a) => [a.name, a.package]));

/** The workspace package of an app of the manifest (throws for an unknown name). */
export function packageOf(app: string): string {
  const pkg = PACKAGE_OF[app];
  if (!pkg) throw new Error(`remotes.manifest.json has no app "${app}"`);
  return pkg;
}

/** The remotes a member's page shows (not the operators' console, which only an operator loads). */
export const MEMBER_REMOTES: readonly string[] = MANIFEST_REMOTES.filter((r) => !r.operatorsOnly).map((r) => r.name);

/** Which remotes public/prefetch.js starts early (remotes.json `firstScreen`). */
export const FIRST_SCREEN: readonly string[] = MANIFEST_REMOTES.filter((r) => r.firstScreen).map((r) => r.name);

export const distOf = (app: RemoteName | 'shell'): string => path.join(ROOT, packageOf(app), 'dist');

/**
 * The version of each remote one page load runs: a tester's override, else the canary when the
 * visitor's bucket falls in it, else the registry's current version. Pure: the shell supplies the
 * registry, the stable id and the override (shell/src/release/).
 */
import { inCanary } from './canary';
import type { Assignment, RegistryDoc } from './types';

export interface ChosenVersion {
  version: string;
  /** SRI hash of its remoteEntry.js; null for an override until its release.json is read. */
  integrity: string | null;
  assignment: Assignment;
}

export function chooseVersions(registry: RegistryDoc, stableId: string, overrides: Record<string, string> = {}): Record<string, ChosenVersion> {
  const out: Record<string, ChosenVersion> = {};
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    const asked = overrides[remote];
    if (asked) {
      const known = [entry.current, entry.previous, entry.canary].find((r) => r?.version === asked);
      out[remote] = { version: asked, integrity: known?.integrity ?? null, assignment: 'override' };
    } else if (entry.canary && inCanary(stableId, remote, entry.canary.version, entry.canary.percent)) {
      out[remote] = { version: entry.canary.version, integrity: entry.canary.integrity, assignment: 'canary' };
    } else {
      out[remote] = { version: entry.current.version, integrity: entry.current.integrity, assignment: 'current' };
    }
  }
  for (const [remote, version] of Object.entries(overrides)) {
    out[remote] ??= { version, integrity: null, assignment: 'override' };
  }
  return out;
}

/**
 * Where a version's files are: `<store>/<remote>/<version>/` (store: the URL of the releases
 * folder). Both names are checked patterns (format.ts): letters, digits, `.`, `-`, `_` and the
 * version's `+`, which is literal in a path, so nothing is encoded.
 */
export function versionBase(store: string, remote: string, version: string): string {
  return new URL(`${remote}/${version}/`, store.endsWith('/') ? store : `${store}/`).href;
}

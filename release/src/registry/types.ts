/**
 * The registry document of one environment (`registry/<environment>.json` in the release store),
 * served no-cache to every page load and written only by the release commands (writer.ts).
 *
 *   { "schema": 1, "environment": "production", "revision": 7, "updatedAt": "…",
 *     "remotes": { "campaign": { "current":  { "version": "0.1.0+3f2a9c01be", "integrity": "sha384-…" },
 *                                "previous": { "version": "0.1.0+77d0e1aa42", "integrity": "sha384-…" },
 *                                "canary":   { "version": "0.2.0+0b1c2d3e4f", "integrity": "sha384-…", "percent": 10 } } },
 *     "change": { "revision": 7, "action": "canary", … } }
 *
 * A version's files live at `<store>/releases/<remote>/<version>/` (mf-manifest.json, remoteEntry.js,
 * chunks, release.json) and never change once published. `change` repeats the last history entry so
 * a history line lost to a crash between the two writes can be restored by the next writer.
 */

/** One published version of a remote: `<semver>+<content hash>`, and the SRI hash of its remoteEntry.js. */
export interface VersionRef {
  version: string;
  integrity: string;
}

export interface CanaryRef extends VersionRef {
  /** Share of visitors (0.01–100) who get this version instead of `current`. */
  percent: number;
}

export interface RemoteEntry {
  current: VersionRef;
  previous: VersionRef | null;
  canary: CanaryRef | null;
}

export type ChangeAction = 'promote' | 'canary' | 'rollback' | 'auto-rollback';

/** One line of the history (and the registry's last `change`). */
export interface Change {
  revision: number;
  at: string;
  action: ChangeAction;
  remote: string;
  /** The version taking effect (the canary's for `canary`), or null when a canary is dropped. */
  version: string | null;
  /** What `current` (or the canary, for canary actions) was before. */
  from: string | null;
  percent?: number;
  actor: string;
  reason: string;
}

export interface RegistryDoc {
  schema: 1;
  environment: string;
  revision: number;
  updatedAt: string;
  remotes: Record<string, RemoteEntry>;
  change: Change | null;
}

/** How a page came to run a version: the registry's current one, its canary, or a tester's override. */
export type Assignment = 'current' | 'canary' | 'override';

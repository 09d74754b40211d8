/**
 * What this page runs, decided once at start (resolve-release.ts) and kept for the life of the
 * tab: an open tab never switches versions; the next load reads the registry again. The error
 * reporter attaches it to every report, the QA banner shows the override, the runtime plugin sets
 * each released entry's integrity.
 */
import type { Assignment } from '@need40/release/registry';
import type { RegistrySource } from './registry-source';

export interface RemoteRelease {
  version: string;
  /** 'unreleased': the remote runs from its remotes.json URL (a local build or its own deployment). */
  assignment: Assignment | 'unreleased';
}

export interface ReleaseState {
  environment: string | null;
  revision: number | null;
  registrySource: RegistrySource | 'not-configured';
  remotes: Record<string, RemoteRelease>;
  /** The tester's override as applied: remote → version. */
  override: Record<string, string>;
  /** Override items not applied, with why (malformed, not published, unknown remote). */
  refused: { item: string; why: string }[];
}

let state: ReleaseState = { environment: null, revision: null, registrySource: 'not-configured', remotes: {}, override: {}, refused: [] };
const integrity = new Map<string, string>();

export function setReleaseState(next: ReleaseState): void {
  state = next;
  // For support and tests: which version of each remote this page runs, and how it got it.
  if (typeof document !== 'undefined') {
    document.documentElement.dataset.release = Object.entries(next.remotes)
      .map(([remote, r]) => `${remote}@${r.version}:${r.assignment}`)
      .join(' ');
  }
}

export function getReleaseState(): ReleaseState {
  return state;
}

/** Remember the SRI hash of a released version's remoteEntry.js (URL without query). */
export function setEntryIntegrity(entryUrl: string, sri: string): void {
  integrity.set(entryUrl.split('?')[0]!, sri);
}

/** For the runtime plugin's createScript hook: the SRI hash the script at `url` must match. */
export function entryIntegrity(url: string): string | undefined {
  return integrity.get(url.split('?')[0]!);
}

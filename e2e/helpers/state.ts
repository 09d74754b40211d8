/**
 * What global setup started, handed to the workers through an environment variable (so two runs
 * in one checkout never read each other's state).
 */
import type { RemoteName } from './paths';

export interface E2eState {
  /** The composed app (shell) — use as baseURL. */
  shellUrl: string;
  /** Remote name → its mf-manifest.json URL on the suite's static servers. */
  remotes: Record<RemoteName, string>;
  /** The backend the page talks to (config.json supabaseUrl). */
  backendUrl: string;
  /** Null when a backend is running; otherwise why not (the `backend` fixture fails with it). */
  backendError: string | null;
  anonKey: string;
  /** Scratch directory of this run (removed by the teardown): put per-run files here. */
  runDir: string;
  /** The release store the shell serves under /releases/ and /registry/ (E2E_RELEASE_STORE, else one of this run). */
  releaseStore: string;
}

const KEY = 'NEED40_E2E_STATE';

export function writeState(state: E2eState): void {
  process.env[KEY] = JSON.stringify(state);
}

export function readState(): E2eState {
  const raw = process.env[KEY];
  if (!raw) throw new Error(`${KEY} is not set: run the suite through playwright.config.ts (global setup)`);
  return JSON.parse(raw) as E2eState;
}

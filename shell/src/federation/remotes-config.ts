/**
 * Where the remotes live, learned at run time from `/remotes.json` (the deployment may replace the
 * file; the shell is never rebuilt for it). Shape:
 *
 *   { "remotes": { "gigs": "https://cdn.example/gigs/mf-manifest.json", … },
 *     "loadTimeoutMs": 8000, "retries": 1,
 *     "registry": "/registry/production.json" }
 *
 * `registry` (optional): the release registry of this environment; a remote it names runs the
 * version it says, from the release store (`releases`, by default `../releases/` beside the
 * registry), instead of the URL above (shell/src/release/, docs/releasing.md).
 *
 * Relative URLs resolve against the page. A missing or broken file falls back to the default
 * ports on the page's host, so the navbar and the error messages still render.
 */
import manifest from '../../../remotes.manifest.json';
import { takePrefetchedRemotes } from './prefetch';

/** The remotes of remotes.manifest.json (the one list of apps), in page order. */
export const REMOTE_NAMES: readonly string[] = manifest.remotes.map((r) => r.name);
export type RemoteName = string;
/** The remotes public/prefetch.js preloads with the page (remotes.json `firstScreen`, from the same list). */
export const FIRST_SCREEN: ReadonlySet<string> = new Set(manifest.remotes.filter((r) => r.firstScreen).map((r) => r.name));

export interface RemotesConfig {
  remotes: Record<RemoteName, string>;
  /** Per attempt: a remote that accepts the connection and never answers is abandoned after this. */
  loadTimeoutMs: number;
  /** Automatic retries after the first failed attempt (then the slot shows its Retry button). */
  retries: number;
  /** The release registry's URL, or null when this deployment has none. */
  registry: string | null;
  /** The release store's URL (the folder of `<remote>/<version>/`). */
  releases: string | null;
  /** How long the start waits for the registry before it uses the copy it kept. */
  registryTimeoutMs: number;
}

const DEFAULT_PORTS: Record<RemoteName, number> = Object.fromEntries(manifest.remotes.map((r) => [r.name, r.port]));

export function defaultRemotesConfig(base: string): RemotesConfig {
  const url = new URL(base);
  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    remotes[name] = `${url.protocol}//${url.hostname}:${DEFAULT_PORTS[name]}/mf-manifest.json`;
  }
  return { remotes, loadTimeoutMs: 8000, retries: 1, registry: null, releases: null, registryTimeoutMs: 2000 };
}

function urlOrNull(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    console.warn(`[need40] remotes.json: ${JSON.stringify(value).slice(0, 80)} is not a URL; ignored`);
    return null;
  }
}

/** Validate the file's content; anything missing or malformed keeps its default. */
export function normalizeRemotesConfig(raw: unknown, base: string): RemotesConfig {
  const out = defaultRemotesConfig(base);
  if (!raw || typeof raw !== 'object') return out;
  const source = raw as { remotes?: unknown; loadTimeoutMs?: unknown; retries?: unknown; registry?: unknown; releases?: unknown; registryTimeoutMs?: unknown };
  const remotes = source.remotes && typeof source.remotes === 'object' ? (source.remotes as Record<string, unknown>) : {};
  for (const name of REMOTE_NAMES) {
    const value = remotes[name];
    if (typeof value === 'string' && value.trim()) {
      try {
        out.remotes[name] = new URL(value.trim(), base).href;
      } catch {
        console.warn(`[need40] remotes.json: "${name}" is not a URL; using ${out.remotes[name]}`);
      }
    }
  }
  if (typeof source.loadTimeoutMs === 'number' && source.loadTimeoutMs > 0) out.loadTimeoutMs = source.loadTimeoutMs;
  if (typeof source.retries === 'number' && source.retries >= 0) out.retries = Math.floor(source.retries);
  if (typeof source.registryTimeoutMs === 'number' && source.registryTimeoutMs > 0) out.registryTimeoutMs = source.registryTimeoutMs;
  out.registry = urlOrNull(source.registry, base);
  if (out.registry) out.releases = urlOrNull(source.releases, base) ?? new URL('../releases/', out.registry).href;
  return out;
}

/**
 * Fetch `/remotes.json` (or take over the request public/prefetch.js started).
 * Never throws: failures log and keep the defaults.
 */
export async function fetchRemotesConfig(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<RemotesConfig> {
  const base = typeof location === 'undefined' ? 'http://localhost:3000/' : location.href;
  const prefetched = takePrefetchedRemotes();
  if (prefetched) {
    const raw = await prefetched;
    if (raw) return normalizeRemotesConfig(raw, base);
  }
  try {
    const res = await fetchImpl(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return normalizeRemotesConfig(await res.json(), base);
  } catch (error) {
    console.warn('[need40] remotes.json missing or broken; using the default remote locations.', error);
    return defaultRemotesConfig(base);
  }
}

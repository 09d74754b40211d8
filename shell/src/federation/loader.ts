/**
 * Loading one exposed module of one remote, with the containment the federation runtime lacks:
 *   - a timeout per attempt (a remote that accepts and never answers leaves loadRemote pending forever),
 *   - `retries` automatic retries,
 *   - every retry re-registers the remote with `force` and a cache-busting query, removes the old
 *     <script> elements and the remote's chunk-loading global, so a remote that was down, hanging
 *     or broken really is fetched again (the runtime caches manifests, entries and containers),
 *   - the kernel check (kernel.ts): a remote built for another @need40/shared major is not loaded
 *     at all; it fails at once with a KernelMismatchError (no retry: it would fail the same way).
 *
 * @example
 *   configureRemotes(await fetchRemotesConfig());
 *   const mod = await loadRemoteModule<{ default: ComponentType }>('gigs', 'Gigs');
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { assertKernelCompatible, KernelMismatchError } from './kernel';
import { readManifest } from './manifests';
import type { RemoteName, RemotesConfig } from './remotes-config';

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly remote: string,
    readonly attempts: number,
    readonly causes: unknown[],
  ) {
    const last = causes[causes.length - 1];
    super(`Remote "${remote}" failed to load after ${attempts} attempt(s): ${last instanceof Error ? last.message : String(last)}`);
  }
}

export class RemoteTimeoutError extends Error {
  override readonly name = 'RemoteTimeoutError';
  constructor(remote: string, ms: number) {
    super(`Remote "${remote}" did not answer within ${ms} ms`);
  }
}

let config: RemotesConfig | null = null;
let generation = 0;
/** The manifest URL each remote is registered with now (with its cache-busting query after a reset). */
const entries = new Map<string, string>();

/** Register every remote of the configuration (once at start; cheap, nothing is fetched yet). */
export function configureRemotes(next: RemotesConfig): void {
  config = next;
  entries.clear();
  for (const [name, entry] of Object.entries(next.remotes)) entries.set(name, entry);
  registerRemotes(
    Object.entries(next.remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

export function getRemotesConfig(): RemotesConfig {
  if (!config) throw new Error('configureRemotes() must run before a remote is loaded');
  return config;
}

/** Forget everything the runtime and the page cached about `name` and register it afresh. */
export function resetRemote(name: RemoteName): void {
  const entry = getRemotesConfig().remotes[name];
  if (!entry) throw new Error(`No remote "${name}" in remotes.json`);
  const url = new URL(entry);
  generation += 1;
  url.searchParams.set('need40_attempt', String(generation));
  const base = url.href.slice(0, url.href.lastIndexOf('/', url.href.indexOf('?')) + 1);
  for (const script of Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'))) {
    if (script.src.startsWith(base)) script.remove();
  }
  // The remote's jsonp chunk registry (output.uniqueName "need40_<name>", scripts/rspack).
  delete (globalThis as Record<string, unknown>)[`webpackChunkneed40_${name}`];
  entries.set(name, url.href);
  registerRemotes([{ name, entry: url.href }], { force: true });
}

/**
 * A remote's container is the global its remoteEntry.js declares (`var profile`). Until that script
 * has run, `window.profile` is the page's `<section id="profile">` (named access on window), which
 * the federation runtime takes for a loaded container and fails on ("does not contain init",
 * RUNTIME-002). An own property shadows the element, so the runtime really loads the entry.
 */
function unshadowContainerGlobal(name: string): void {
  const scope = globalThis as Record<string, unknown>;
  const value = scope[name];
  if ((typeof Element !== 'undefined' && value instanceof Element) || (typeof HTMLCollection !== 'undefined' && value instanceof HTMLCollection)) {
    scope[name] = undefined;
  }
}

/**
 * Refuse a remote built for another kernel before any of its code runs. A manifest that cannot be
 * read fails the attempt here, before the runtime is involved: the federation runtime handles one
 * remote's manifest failure slowly enough to hold up the other remotes' loads on a busy machine.
 */
async function checkKernel(remote: RemoteName): Promise<void> {
  const url = entries.get(remote);
  if (url) assertKernelCompatible(remote, await readManifest(url));
}

function withTimeout<T>(promise: Promise<T>, ms: number, remote: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(remote, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Load `<remote>/<expose>`. `fresh` forces a re-fetch (the Retry button). Rejects with a
 * KernelMismatchError at once, or a RemoteLoadError after 1 + retries attempts.
 */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string, { fresh = false } = {}): Promise<T> {
  const { loadTimeoutMs, retries } = getRemotesConfig();
  const causes: unknown[] = [];
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (fresh || attempt > 0) resetRemote(remote);
    unshadowContainerGlobal(remote);
    try {
      const load = checkKernel(remote).then(() => loadRemote<T>(`${remote}/${expose}`));
      const mod = await withTimeout(load, loadTimeoutMs, remote);
      if (mod == null) throw new Error(`Remote "${remote}" has no module "./${expose}"`);
      return mod;
    } catch (error) {
      if (error instanceof KernelMismatchError) {
        console.error(`[need40] ${error.message} Not loading it.`);
        throw error;
      }
      causes.push(error);
      console.warn(`[need40] loading ${remote}/${expose} failed (attempt ${attempt + 1} of ${retries + 1})`, error);
    }
  }
  throw new RemoteLoadError(remote, retries + 1, causes);
}

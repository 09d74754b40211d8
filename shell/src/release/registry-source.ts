/**
 * Reading the release registry at start, within a time limit, never blocking the page on it:
 *   - the answer of the network (the request public/prefetch.js started, or a fresh one), kept in
 *     localStorage as the last good copy;
 *   - 404: this environment has no registry (nothing released yet): every remote runs from its
 *     remotes.json URL;
 *   - anything else (timeout, 5xx, offline, a malformed document): the last good copy, if any.
 */
import { parseRegistry, type RegistryDoc } from '@need40/release/registry';
import { takePrefetchedRegistry } from '../federation/prefetch';
import { safeLocalStorage } from './stable-id';

export type RegistrySource = 'network' | 'cache' | 'none';

export interface LoadedRegistry {
  doc: RegistryDoc | null;
  source: RegistrySource;
}

const cacheKey = (url: string) => `need40.registry:${url}`;

class NoRegistry extends Error {}

async function fromNetwork(url: string, fetchImpl: typeof fetch): Promise<unknown> {
  const res = (await takePrefetchedRegistry(url)) ?? (await fetchImpl(url, { cache: 'no-cache' }));
  if (res.status === 404) throw new NoRegistry();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

function cached(url: string, storage: Storage | null): RegistryDoc | null {
  try {
    const text = storage?.getItem(cacheKey(url));
    return text ? parseRegistry(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export async function loadRegistry(url: string, timeoutMs: number, fetchImpl: typeof fetch = fetch, storage: Storage | null = safeLocalStorage()): Promise<LoadedRegistry> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${url} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const doc = parseRegistry(await Promise.race([fromNetwork(url, fetchImpl), timeout]));
    try {
      storage?.setItem(cacheKey(url), JSON.stringify(doc));
    } catch {
      /* a full storage only costs the fallback */
    }
    return { doc, source: 'network' };
  } catch (error) {
    if (error instanceof NoRegistry) return { doc: null, source: 'none' };
    const copy = cached(url, storage);
    console.warn(`[need40] the release registry could not be read; ${copy ? `using the copy of revision ${copy.revision} kept in this browser` : 'every remote runs from remotes.json'}.`, error);
    return copy ? { doc: copy, source: 'cache' } : { doc: null, source: 'none' };
  } finally {
    clearTimeout(timer);
  }
}

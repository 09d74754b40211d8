/**
 * One fetch per remote manifest, read twice: by the kernel check (kernel.ts) before a remote is
 * loaded, then by the federation runtime through the shell plugin's `fetch` hook. A manifest
 * public/prefetch.js already fetched is taken over. A failed fetch rejects (the loader counts it as
 * a failed attempt) and is forgotten, so the next attempt fetches again.
 */
import { takePrefetchedManifest } from './prefetch';

const cache = new Map<string, Promise<unknown>>();

async function fetchJson(url: string): Promise<unknown> {
  const prefetched = await takePrefetchedManifest(url);
  const res = prefetched ?? (await fetch(url));
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** The manifest at `url` as JSON (fetched once until the runtime takes it). Rejects on failure. */
export function readManifest(url: string): Promise<unknown> {
  let p = cache.get(url);
  if (!p) {
    p = fetchJson(url);
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p;
}

/** For the runtime's `fetch` hook: the cached manifest as a Response, once; else undefined. */
export function takeManifestResponse(url: string): Promise<Response | undefined> | undefined {
  const p = cache.get(url) ?? takePrefetchedManifest(url)?.then((res) => res?.json());
  if (!p) return undefined;
  cache.delete(url);
  return p.then(
    (json) => (json == null ? undefined : new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } })),
    () => undefined,
  );
}

/**
 * What public/prefetch.js started before the shell's JavaScript arrived: config.json, remotes.json
 * and the first screen's manifests. Each is taken over once; afterwards (e.g. a Retry)
 * everything is fetched normally.
 */
interface PrefetchStore {
  config?: Promise<unknown> | null;
  remotes: Promise<unknown> | null;
  /** The registry request, started as soon as remotes.json named it. */
  registry?: { url: string; response: Promise<Response> } | null;
  manifests: Record<string, Promise<unknown> | undefined>;
}

function store(): PrefetchStore | undefined {
  return (globalThis as { __need40Prefetch?: PrefetchStore }).__need40Prefetch;
}

/**
 * A `fetch` for loadRuntimeConfig(): the prefetched config.json once, else a normal fetch.
 * @example loadRuntimeConfig('/config.json', prefetchedConfigFetch)
 */
export const prefetchedConfigFetch: typeof fetch = async (input, init) => {
  const s = store();
  const p = s?.config;
  if (s) s.config = null;
  const json = p ? await p : null;
  if (json) return new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } });
  return fetch(input, init);
};

/** The prefetched remotes.json content (null when absent or failed), once. */
export function takePrefetchedRemotes(): Promise<unknown> | null {
  const s = store();
  const p = s?.remotes ?? null;
  if (s) s.remotes = null;
  return p;
}

/** A Response for a prefetched manifest, once; undefined lets the runtime fetch it itself. */
export function takePrefetchedManifest(url: string): Promise<Response | undefined> | undefined {
  const s = store();
  const p = s?.manifests[url];
  if (!s || !p) return undefined;
  delete s.manifests[url];
  return p.then(
    (json) => new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } }),
    () => undefined,
  );
}

/** The prefetched registry response for `url`, once (undefined: fetch it yourself). */
export function takePrefetchedRegistry(url: string): Promise<Response> | undefined {
  const s = store();
  const r = s?.registry;
  if (!s || !r || r.url !== url) return undefined;
  s.registry = null;
  return r.response.catch(() => undefined as unknown as Response).then((res) => res ?? fetch(url, { cache: 'no-cache' }));
}

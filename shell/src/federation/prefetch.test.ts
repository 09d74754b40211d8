import { takePrefetchedManifest, takePrefetchedRemotes } from './prefetch';

type Store = { remotes: Promise<unknown> | null; manifests: Record<string, Promise<unknown> | undefined> };
const g = globalThis as { __need40Prefetch?: Store };

afterEach(() => {
  delete g.__need40Prefetch;
});

describe('prefetch take-over', () => {
  it('hands over remotes.json and a manifest once each', async () => {
    g.__need40Prefetch = { remotes: Promise.resolve({ remotes: {} }), manifests: { 'http://r/mf-manifest.json': Promise.resolve({ id: 'gigs' }) } };
    await expect(takePrefetchedRemotes()).resolves.toEqual({ remotes: {} });
    expect(takePrefetchedRemotes()).toBeNull();
    const res = await takePrefetchedManifest('http://r/mf-manifest.json');
    await expect(res?.json()).resolves.toEqual({ id: 'gigs' });
    expect(takePrefetchedManifest('http://r/mf-manifest.json')).toBeUndefined();
  });

  it('lets the runtime fetch on its own when the prefetch failed or never ran', async () => {
    expect(takePrefetchedManifest('http://r/mf-manifest.json')).toBeUndefined();
    g.__need40Prefetch = { remotes: null, manifests: { 'http://r/mf-manifest.json': Promise.reject(new Error('down')) } };
    await expect(takePrefetchedManifest('http://r/mf-manifest.json')).resolves.toBeUndefined();
  });
});

/**
 * The versions a page load runs: from the registry (a canary by the stable id, the current version
 * otherwise), a tester's override when the version is published, the remotes.json URL without a
 * registry; the registry read within its time limit, falling back to the copy the browser kept.
 */
import { emptyRegistry, type RegistryDoc } from '@need40/release/registry';
import { normalizeRemotesConfig } from '../federation/remotes-config';
import { applyRelease } from './resolve-release';
import { entryIntegrity, getReleaseState } from './release-state';
import { loadRegistry } from './registry-source';
import { VISITOR_KEY } from './stable-id';

const BASE = 'http://shell.test/';
const SRI = (c: string) => `sha384-${c.repeat(64)}`;
const V1 = '0.1.0+1111111111';
const V2 = '0.2.0+2222222222';
const V3 = '0.3.0+3333333333';

function registry(canaryPercent: number | null): RegistryDoc {
  const doc = emptyRegistry('production');
  doc.revision = 4;
  doc.remotes.campaign = { current: { version: V1, integrity: SRI('a') }, previous: null, canary: canaryPercent ? { version: V2, integrity: SRI('b'), percent: canaryPercent } : null };
  return doc;
}

/** A fetch answering the registry and the release.json of published versions. */
function server(doc: RegistryDoc | null, published: Record<string, string> = {}) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/registry/production.json')) return doc ? Response.json(doc) : new Response('no', { status: 404 });
    const m = /\/releases\/(\w+)\/([^/]+)\/release\.json$/.exec(url);
    if (m && published[`${m[1]}@${m[2]}`]) return Response.json({ version: m[2], integrity: published[`${m[1]}@${m[2]}`] });
    return new Response('no', { status: 404 });
  }) as unknown as typeof fetch;
}

const config = (registry = '/registry/production.json') => normalizeRemotesConfig({ registry, registryTimeoutMs: 300 }, BASE);

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'need40_release=; path=/; max-age=0';
  window.history.replaceState(null, '', '/');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('the versions of a page load', () => {
  it('without a registry in remotes.json: every remote keeps its URL, nothing is read', async () => {
    const fetchImpl = server(registry(null));
    const out = await applyRelease(normalizeRemotesConfig({}, BASE), 'http://api.test', fetchImpl);
    expect(out.remotes.campaign).toBe('http://shell.test:3003/mf-manifest.json');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(getReleaseState().registrySource).toBe('not-configured');
  });

  it('the current version from the store, with its integrity for the entry; other remotes keep their URL', async () => {
    const out = await applyRelease(config(), 'http://api.test', server(registry(null)));
    expect(out.remotes.campaign).toBe(`http://shell.test/releases/campaign/${V1}/mf-manifest.json`);
    expect(out.remotes.gigs).toBe('http://shell.test:3001/mf-manifest.json');
    expect(entryIntegrity(`http://shell.test/releases/campaign/${V1}/remoteEntry.js?need40_attempt=2`)).toBe(SRI('a'));
    expect(getReleaseState()).toMatchObject({ environment: 'production', revision: 4, registrySource: 'network', remotes: { campaign: { version: V1, assignment: 'current' }, gigs: { assignment: 'unreleased' } } });
    expect(document.documentElement.dataset.release).toContain(`campaign@${V1}:current`);
  });

  it('a canary of 100% for everyone; the signed-in user id is the stable id', async () => {
    localStorage.setItem('sb-api-auth-token', JSON.stringify({ user: { id: '00000000-0000-4000-8000-000000000001' } }));
    const out = await applyRelease(config(), 'http://api.test', server(registry(100)));
    expect(out.remotes.campaign).toContain(V2);
    expect(getReleaseState().remotes.campaign?.assignment).toBe('canary');
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
  });

  it('an anonymous visitor keeps one id across loads, so the same answer', async () => {
    const first = await applyRelease(config(), 'http://api.test', server(registry(50)));
    const id = localStorage.getItem(VISITOR_KEY);
    expect(id).toBeTruthy();
    for (let i = 0; i < 3; i += 1) expect((await applyRelease(config(), 'http://api.test', server(registry(50)))).remotes.campaign).toBe(first.remotes.campaign);
    expect(localStorage.getItem(VISITOR_KEY)).toBe(id);
  });

  it('the QA override: a published version is used and kept in a cookie; an unpublished one is refused', async () => {
    window.history.replaceState(null, '', `/?need40_release=campaign@${V3.replace('+', '%2B')},gigs@${V2},nope@x`);
    const out = await applyRelease(config(), 'http://api.test', server(registry(null), { [`campaign@${V3}`]: SRI('c') }));
    expect(out.remotes.campaign).toContain(V3);
    expect(entryIntegrity(`http://shell.test/releases/campaign/${V3}/remoteEntry.js`)).toBe(SRI('c'));
    expect(document.cookie).toContain('need40_release=');
    const state = getReleaseState();
    expect(state.override).toEqual({ campaign: V3 });
    expect(state.refused).toEqual([
      { item: 'nope@x', why: 'not <remote>@<version>' },
      { item: `gigs@${V2}`, why: 'not a published version' },
    ]);
    window.history.replaceState(null, '', '/');
    const again = await applyRelease(config(), 'http://api.test', server(registry(null), { [`campaign@${V3}`]: SRI('c') }));
    expect(again.remotes.campaign).toContain(V3);
  });
});

describe('reading the registry', () => {
  it('404: nothing released, no copy used', async () => {
    localStorage.setItem('need40.registry:http://shell.test/r.json', JSON.stringify(registry(null)));
    expect(await loadRegistry('http://shell.test/r.json', 300, server(null) as never)).toEqual({ doc: null, source: 'none' });
  });

  it('keeps the last good copy and uses it when the registry fails, hangs or is malformed', async () => {
    const url = 'http://shell.test/registry/production.json';
    expect((await loadRegistry(url, 300, server(registry(null)))).source).toBe('network');
    const failing = [
      vi.fn(async () => new Response('down', { status: 503 })),
      vi.fn(() => new Promise<Response>(() => undefined)),
      vi.fn(async () => Response.json({ schema: 1, environment: 'production', revision: 9, remotes: { campaign: { current: { version: 'latest' } } } })),
    ];
    for (const f of failing) {
      const got = await loadRegistry(url, 300, f as unknown as typeof fetch);
      expect(got.source).toBe('cache');
      expect(got.doc?.revision).toBe(4);
    }
    localStorage.clear();
    expect(await loadRegistry(url, 300, failing[0] as unknown as typeof fetch)).toEqual({ doc: null, source: 'none' });
  });
});

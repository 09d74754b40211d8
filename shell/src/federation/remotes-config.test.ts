import { defaultRemotesConfig, fetchRemotesConfig, normalizeRemotesConfig } from './remotes-config';

const BASE = 'http://example.test:3000/';

describe('remotes.json', () => {
  it('defaults to the standard ports on the page host', () => {
    expect(defaultRemotesConfig(BASE).remotes).toEqual({
      campaign: 'http://example.test:3003/mf-manifest.json',
      gigs: 'http://example.test:3001/mf-manifest.json',
      profile: 'http://example.test:3002/mf-manifest.json',
      auth: 'http://example.test:3004/mf-manifest.json',
      admin: 'http://example.test:3005/mf-manifest.json',
    });
  });

  it('resolves relative URLs and keeps defaults for what is missing or malformed', () => {
    const cfg = normalizeRemotesConfig({ remotes: { gigs: '/gigs/mf-manifest.json', auth: 42 }, loadTimeoutMs: 1500, retries: -1 }, BASE);
    expect(cfg.remotes.gigs).toBe('http://example.test:3000/gigs/mf-manifest.json');
    expect(cfg.remotes.auth).toBe('http://example.test:3004/mf-manifest.json');
    expect(cfg.loadTimeoutMs).toBe(1500);
    expect(cfg.retries).toBe(1);
  });

  it('never throws when the file is missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchImpl = vi.fn(async () => new Response('nope', { status: 404 }));
    const cfg = await fetchRemotesConfig('/remotes.json', fetchImpl as unknown as typeof fetch);
    expect(Object.keys(cfg.remotes)).toHaveLength(5);
  });
});

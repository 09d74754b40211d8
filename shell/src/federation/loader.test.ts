import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { configureRemotes, loadRemoteModule, RemoteLoadError } from './loader';
import { defaultRemotesConfig } from './remotes-config';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const load = vi.mocked(loadRemote);
const register = vi.mocked(registerRemotes);

beforeEach(() => {
  vi.useRealTimers();
  load.mockReset();
  register.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  configureRemotes({ ...defaultRemotesConfig('http://localhost:3000/'), loadTimeoutMs: 50, retries: 1 });
});

describe('loadRemoteModule', () => {
  it('registers every remote at start', () => {
    expect(register).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'gigs', entry: 'http://localhost:3001/mf-manifest.json' }]), { force: true });
  });

  it('returns the module on the first try', async () => {
    load.mockResolvedValueOnce({ default: 'Gigs' });
    await expect(loadRemoteModule('gigs', 'Gigs')).resolves.toEqual({ default: 'Gigs' });
    expect(load).toHaveBeenCalledWith('gigs/Gigs');
  });

  it('retries once with a fresh, cache-busted registration', async () => {
    load.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ default: 'Gigs' });
    register.mockClear();
    await expect(loadRemoteModule('gigs', 'Gigs')).resolves.toEqual({ default: 'Gigs' });
    expect(register).toHaveBeenCalledTimes(1);
    const [[remotes, options]] = register.mock.calls as unknown as [[{ name: string; entry: string }[], { force: boolean }]];
    expect(remotes[0]!.name).toBe('gigs');
    expect(remotes[0]!.entry).toMatch(/^http:\/\/localhost:3001\/mf-manifest\.json\?need40_attempt=\d+$/);
    expect(options).toEqual({ force: true });
  });

  it('gives up after the retry when the remote hangs (own timeout)', async () => {
    load.mockImplementation(() => new Promise(() => undefined));
    const error = await loadRemoteModule('campaign', 'Campaign').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as RemoteLoadError).attempts).toBe(2);
    expect((error as Error).message).toMatch(/did not answer within 50 ms/);
  });

  it('treats a missing module as a failure', async () => {
    load.mockResolvedValue(null);
    await expect(loadRemoteModule('auth', 'AuthModal')).rejects.toBeInstanceOf(RemoteLoadError);
  });
});

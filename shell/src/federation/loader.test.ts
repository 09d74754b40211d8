import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { KERNEL_VERSION } from '@need40/shared';
import { KernelMismatchError } from './kernel';
import { configureRemotes, loadRemoteModule, RemoteLoadError } from './loader';
import { readManifest } from './manifests';
import { defaultRemotesConfig } from './remotes-config';

vi.mock('@module-federation/enhanced/runtime', async (importOriginal) => ({
  satisfy: (await importOriginal<typeof import('@module-federation/enhanced/runtime')>()).satisfy,
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('./manifests', () => ({ readManifest: vi.fn() }));

const load = vi.mocked(loadRemote);
const register = vi.mocked(registerRemotes);
const manifest = vi.mocked(readManifest);
const kernelMajor = Number(KERNEL_VERSION.split('.')[0]);
const declaring = (range: string) => ({ shared: [{ name: 'react', requiredVersion: '^19.0.0' }, { name: '@need40/shared', requiredVersion: range }] });

beforeEach(() => {
  vi.useRealTimers();
  load.mockReset();
  register.mockReset();
  manifest.mockReset();
  manifest.mockResolvedValue(declaring(`^${KERNEL_VERSION}`));
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

  it("loads a remote whose name is also an element id on the page (window.profile is the <section id=\"profile\">)", async () => {
    // What a browser does: named access on window finds the element through window's prototype chain.
    const section = document.createElement('section');
    section.id = 'profile';
    document.body.append(section);
    const named = Object.getPrototypeOf(window) as Record<string, unknown>;
    Object.defineProperty(named, 'profile', { value: section, writable: true, configurable: true });
    const scope = globalThis as Record<string, unknown>;
    let seenByRuntime: unknown = 'not loaded';
    load.mockImplementationOnce(async () => {
      seenByRuntime = scope.profile;
      return { default: 'Profile' };
    });
    try {
      await expect(loadRemoteModule('profile', 'Profile')).resolves.toEqual({ default: 'Profile' });
      expect(seenByRuntime).toBeUndefined();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      delete scope.profile;
      delete named.profile;
      section.remove();
    }
  });

  it('treats a missing module as a failure', async () => {
    load.mockResolvedValue(null);
    await expect(loadRemoteModule('auth', 'AuthModal')).rejects.toBeInstanceOf(RemoteLoadError);
  });

  it('loads a remote whose manifest asks for the kernel of this page', async () => {
    load.mockResolvedValueOnce({ default: 'Gigs' });
    await expect(loadRemoteModule('gigs', 'Gigs')).resolves.toEqual({ default: 'Gigs' });
    expect(manifest).toHaveBeenCalledWith('http://localhost:3001/mf-manifest.json');
  });

  it('refuses a remote built for another kernel major at once: no code loaded, no retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    manifest.mockResolvedValue(declaring(`^${kernelMajor + 1}.0.0`));
    const error = await loadRemoteModule('campaign', 'Campaign').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KernelMismatchError);
    expect(error).toMatchObject({ remote: 'campaign', required: `^${kernelMajor + 1}.0.0`, provided: KERNEL_VERSION });
    expect(load).not.toHaveBeenCalled();
    expect(manifest).toHaveBeenCalledTimes(1);
  });

  it('fails an attempt whose manifest cannot be read before the runtime loads anything, and retries', async () => {
    manifest.mockRejectedValueOnce(new Error('http://localhost:3004/mf-manifest.json answered 503'));
    load.mockResolvedValueOnce({ default: 'AuthModal' });
    await expect(loadRemoteModule('auth', 'AuthModal')).resolves.toEqual({ default: 'AuthModal' });
    expect(manifest).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives up after the retry when the manifest stays unreadable', async () => {
    manifest.mockRejectedValue(new Error('Failed to fetch'));
    const error = await loadRemoteModule('auth', 'AuthModal').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as Error).message).toMatch(/Failed to fetch/);
    expect(load).not.toHaveBeenCalled();
  });
});

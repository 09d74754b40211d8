import need40RuntimePlugin from './runtime-plugin';
import { FIRST_SCREEN } from './remotes-config';

type Hook = (args: { preloadOps: { nameOrAlias: string }[] }) => void;

describe("the shell's federation runtime plugin", () => {
  it('leaves the preloading of first-screen remotes to prefetch.js and keeps it for the others', () => {
    expect([...FIRST_SCREEN].sort()).toEqual(['campaign', 'gigs']);
    const hook = need40RuntimePlugin().beforePreloadRemote as unknown as Hook;
    const preloadOps = ['campaign', 'profile', 'gigs', 'auth'].map((nameOrAlias) => ({ nameOrAlias }));
    hook({ preloadOps });
    expect(preloadOps.map((op) => op.nameOrAlias)).toEqual(['profile', 'auth']);
  });
});

describe('the yields between the steps of loading a remote or a shared module', () => {
  it('hand the runtime its arguments back unchanged, one task later', async () => {
    const plugin = need40RuntimePlugin();
    const args = { pkgName: 'react' };
    const waterfall = [plugin.beforeLoadShare, plugin.beforeInitContainer] as unknown as ((a: object) => Promise<object>)[];
    for (const hook of waterfall) {
      let settled = false;
      const result = hook(args).then((r) => {
        settled = true;
        return r;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await expect(result).resolves.toBe(args);
    }
    const plain = [plugin.beforeGetExpose, plugin.beforeExecuteFactory] as unknown as ((a: object) => Promise<unknown>)[];
    for (const hook of plain) await expect(hook(args)).resolves.toBeUndefined();
  });
});

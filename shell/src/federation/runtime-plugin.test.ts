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

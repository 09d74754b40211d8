/**
 * Benchmark only: stands in for `@module-federation/enhanced/runtime` in the single-bundle build,
 * so the shell's unchanged source imports the remotes' exposed modules directly from source.
 */
import Campaign from '../../mf-campaign/src/app/Campaign';
import Gigs from '../../mf-gigs/src/app/Gigs';
import Profile from '../../mf-profile/src/app/Profile';
import AuthModal from '../../mf-auth/src/app/AuthModal';

const MODULES: Record<string, unknown> = {
  'campaign/Campaign': { default: Campaign },
  'gigs/Gigs': { default: Gigs },
  'profile/Profile': { default: Profile },
  'auth/AuthModal': { default: AuthModal },
};

export function registerRemotes(): void {}

export function loadRemote<T>(id: string): Promise<T | null> {
  return Promise.resolve((MODULES[id] as T) ?? null);
}

/** The kernel check never fails here: the single bundle has one copy of everything. */
export function satisfy(): boolean {
  return true;
}

import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Git-ignored scratch space of the e2e run (builds for tests, data directories). */
export const RUNTIME_DIR = path.join(ROOT, 'e2e/.runtime');

export const REMOTES = ['campaign', 'gigs', 'profile', 'auth'] as const;
export type RemoteName = (typeof REMOTES)[number];

export const PACKAGE_OF: Record<RemoteName | 'shell', string> = {
  shell: 'shell',
  campaign: 'mf-campaign',
  gigs: 'mf-gigs',
  profile: 'mf-profile',
  auth: 'mf-auth',
};

export const distOf = (app: RemoteName | 'shell'): string => path.join(ROOT, PACKAGE_OF[app], 'dist');

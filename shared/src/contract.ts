/**
 * The contract between the shell and the remotes: which kernel they share and the props of the
 * exposed components. Module Federation shares this package as one singleton; the shell's copy is
 * the one every remote runs with, so a remote checks nothing itself: the shell compares each
 * remote's declared range with KERNEL_VERSION before loading it (shell/src/federation/kernel.ts).
 * Policy (docs/composition.md): a breaking change to anything exported here bumps the major.
 */
import { version } from '../package.json';

/** The package name under which the kernel is shared (and listed in every mf-manifest.json). */
export const KERNEL_PACKAGE = '@need40/shared';

/** The kernel version of this build; on the composed page, the shell's. */
export const KERNEL_VERSION: string = version;

/** Props of profile's `./Profile`. */
export interface ProfileProps {
  /** Whose profile to show; the shell passes the signed-in user's id. */
  userId: string;
  /** Show Edit Profile (the person's own profile). Row-level security enforces it again on save. */
  editable: boolean;
}

/** Props of gigs' `./GigPage`. */
export interface GigPageProps {
  gigId: string;
  /** The address ends in `/messages` (where a message's notification leads): the member's thread with the poster opens. */
  openThread?: boolean;
}

/** Props of profile's `./PublicProfile`. */
export interface PublicProfileProps {
  profileId: string;
}

/** Props of profile's `./Receipt`: the ledger transaction's id, as the address `#receipt/<id>` has it. */
export interface ReceiptProps {
  transactionId: string;
}

/**
 * Props of gigs' `./Dashboard`: with an application id (the address `#dashboard/application/<id>`,
 * where the "New application" email leads), that applicant is shown first, its Accept focused.
 */
export interface DashboardProps {
  applicationId?: string | null;
  /** `#dashboard/application/<id>/messages` (where a message's notification leads): that applicant's thread opens. */
  openThread?: boolean;
}

/** An exposed component that takes no props. */
export type NoProps = Record<string, never>;

/**
 * Every module the shell loads, `<remote>/<expose>` → the props of its default export (a React
 * component). One list for both sides: the shell passes these props; a remote's release is
 * type-checked against it before it can be promoted (docs/releasing.md, the contract gate), so a
 * version whose component takes other props never reaches the page. An exposed module added to a
 * remote's `exposes` (remotes.manifest.json) is added here too.
 */
export interface ExposedContract {
  'campaign/Campaign': NoProps;
  'gigs/Gigs': NoProps;
  'gigs/GigPage': GigPageProps;
  'gigs/Dashboard': DashboardProps;
  'profile/Profile': ProfileProps;
  'profile/PublicProfile': PublicProfileProps;
  'profile/Money': NoProps;
  'profile/Receipt': ReceiptProps;
  'profile/Workers': NoProps;
  'auth/AuthModal': NoProps;
  'admin/Console': NoProps;
}

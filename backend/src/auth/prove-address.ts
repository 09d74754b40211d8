/**
 * Proving an address: the moment an unconfirmed account's email is confirmed (a followed
 * confirmation or recovery link, or a provider that vouches for the address).
 *
 * Anyone can sign up with an address they do not own; until it is proven, nothing set on the
 * account is trusted. So proving it keeps only what the proof itself carries — for a sign-up link,
 * the password and metadata of the sign-up that asked for it; for an OAuth sign-in, its identity —
 * and drops the rest: other pending sign-up links, other OAuth identities, sessions, and (for a
 * recovery link or a provider) any password, which the person then sets. The app's profile follows
 * the confirmed metadata (supabase/migrations: on_auth_user_confirmed).
 */
import type { Services } from '../services';
import type { Tx } from '../db/types';
import type { OneTimeTokenRow } from './otp';
import { deleteOtherProviderIdentities, syncProviders, updateEmailIdentity } from './store/identities';
import { deleteTokensOf } from './store/one-time-tokens';
import { endSessionsOf } from './store/sessions';
import { confirmAddress } from './store/user-changes';
import type { UserRow } from './users';
import { iso, json } from './util';

export interface Proof {
  passwordHash: string | null;
  userMeta: Record<string, unknown> | null;
  identityId: string | null;
}

export const proofOf = (row: OneTimeTokenRow | null): Proof => ({
  passwordHash: row?.password_hash ?? null,
  userMeta: row?.user_meta ? json<Record<string, unknown>>(row.user_meta, {}) : null,
  identityId: row?.identity_id ?? null,
});

export async function proveAddress(services: Services, tx: Tx, user: UserRow, proof: Proof): Promise<void> {
  const now = iso(services.now());
  const meta = { ...(proof.userMeta ?? {}), email: user.email, email_verified: true, phone_verified: false, sub: user.id };
  await confirmAddress(tx, user.id, proof.passwordHash, meta, now);
  await updateEmailIdentity(tx, user.id, { email_verified: true }, now);
  await deleteOtherProviderIdentities(tx, user.id, proof.identityId);
  await syncProviders(tx, user.id);
  await deleteTokensOf(tx, user.id, 'confirmation_token');
  await endSessionsOf(tx, user.id);
}

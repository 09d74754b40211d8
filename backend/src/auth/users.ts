/**
 * Users as GoTrue renders them. Do not rename fields: supabase-js and apps read them
 * (identities, factors, app_metadata.provider/providers, email_confirmed_at, …).
 */
import type { Tx } from '../db/types';
import { factorsOf, type FactorRow } from './store/factors';
import { identitiesOf, type IdentityRow } from './store/identities';
import type { UserRow } from './store/users';
import { json, ts } from './util';

export type { IdentityRow } from './store/identities';
export type { UserRow } from './store/users';
// The lookups are the store's; re-exported here beside the rendering that always follows them.
export { findUserByEmail, findUserById } from './store/users';

export type { FactorRow } from './store/factors';

export function isBanned(user: UserRow, now: number): boolean {
  if (!user.banned_until) return false;
  const until = user.banned_until instanceof Date ? user.banned_until.getTime() : new Date(String(user.banned_until)).getTime();
  return until > now;
}

export function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: json<Record<string, unknown>>(i.identity_data, {}),
    provider: i.provider,
    last_sign_in_at: ts(i.last_sign_in_at),
    created_at: ts(i.created_at),
    updated_at: ts(i.updated_at),
    email: i.email ?? undefined,
  };
}

export function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: ts(f.created_at),
    updated_at: ts(f.updated_at),
  };
}

export type UserJson = Record<string, unknown> & { id: string };

export function renderUser(user: UserRow, identities: IdentityRow[], factors: FactorRow[]): UserJson {
  const confirmed = ts(user.email_confirmed_at) ?? ts(user.phone_confirmed_at);
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: ts(user.email_confirmed_at) ?? undefined,
    phone: user.phone ?? '',
    phone_confirmed_at: ts(user.phone_confirmed_at) ?? undefined,
    confirmation_sent_at: ts(user.confirmation_sent_at) ?? undefined,
    confirmed_at: confirmed ?? undefined,
    recovery_sent_at: ts(user.recovery_sent_at) ?? undefined,
    new_email: user.email_change ?? undefined,
    email_change_sent_at: ts(user.email_change_sent_at) ?? undefined,
    last_sign_in_at: ts(user.last_sign_in_at) ?? undefined,
    invited_at: ts(user.invited_at) ?? undefined,
    banned_until: ts(user.banned_until) ?? undefined,
    app_metadata: json<Record<string, unknown>>(user.raw_app_meta_data, {}),
    user_metadata: json<Record<string, unknown>>(user.raw_user_meta_data, {}),
    identities: identities.map(identityJson),
    ...(factors.length ? { factors: factors.map(factorJson) } : {}),
    created_at: ts(user.created_at),
    updated_at: ts(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export async function loadUserJson(tx: Tx, user: UserRow): Promise<UserJson> {
  const [identities, factors] = [
    await identitiesOf(tx, user.id),
    await factorsOf(tx, user.id),
  ];
  return renderUser(user, identities, factors);
}

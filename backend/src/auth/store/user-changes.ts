/**
 * The store of changes to an existing auth.users row: the admin's update, the user's own password
 * and metadata, an address confirmed or changed, deletion.
 */
import type { Tx } from '../../db/types';
import type { UserRow } from './users';

/** Columns the admin may set; only those given change. A metadata key set to null is removed (GoTrue's merge). */
export interface UserChanges {
  email?: string;
  passwordHash?: string;
  confirmedAt?: string;
  role?: string;
  bannedUntil?: string | null;
  appMeta?: Record<string, unknown>;
  userMeta?: Record<string, unknown>;
  isAnonymous?: boolean;
}

export async function updateUser(tx: Tx, id: string, c: UserChanges, at: string): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set
       email = coalesce($2, email),
       encrypted_password = coalesce($3, encrypted_password),
       email_confirmed_at = coalesce($4, email_confirmed_at),
       role = coalesce($5, role),
       banned_until = case when $6::boolean then $7::timestamptz else banned_until end,
       raw_app_meta_data = case when $8::jsonb is null then raw_app_meta_data else (raw_app_meta_data || $8::jsonb) - coalesce((select array_agg(k) from jsonb_each($8::jsonb) as m(k, v) where v = 'null'::jsonb), '{}'::text[]) end,
       raw_user_meta_data = case when $9::jsonb is null then raw_user_meta_data else (raw_user_meta_data || $9::jsonb) - coalesce((select array_agg(k) from jsonb_each($9::jsonb) as m(k, v) where v = 'null'::jsonb), '{}'::text[]) end,
       is_anonymous = coalesce($10, is_anonymous),
       updated_at = $11
     where id = $1 returning *`,
    [
      id, c.email ?? null, c.passwordHash ?? null, c.confirmedAt ?? null, c.role ?? null, c.bannedUntil !== undefined, c.bannedUntil ?? null,
      c.appMeta ? JSON.stringify(c.appMeta) : null, c.userMeta ? JSON.stringify(c.userMeta) : null, c.isAnonymous ?? null, at,
    ],
  );
  return rows[0]!;
}

export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.query('delete from auth.users where id = $1', [id]);
}

/**
 * GoTrue's soft delete: the row stays (rows elsewhere keep their reference) but nothing can sign
 * in as it: the email is replaced by a hash, the password, metadata, identities, factors, passkeys,
 * links and sessions go.
 */
export async function softDeleteUser(tx: Tx, id: string, at: string): Promise<void> {
  await tx.query(
    `update auth.users set email = null, phone = null, encrypted_password = null, email_change = null,
       raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb, deleted_at = $2, updated_at = $2
     where id = $1`,
    [id, at],
  );
  for (const table of ['identities', 'mfa_factors', 'webauthn_credentials', 'webauthn_challenges', 'one_time_tokens', 'sessions']) {
    await tx.query(`delete from auth.${table} where user_id = $1`, [id]);
  }
}

export async function setPassword(tx: Tx, userId: string, passwordHash: string, at: string): Promise<void> {
  await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [userId, passwordHash, at]);
}

/** Replace the user's metadata (the caller has merged it). */
export async function setUserMeta(tx: Tx, userId: string, meta: Record<string, unknown>, at: string): Promise<void> {
  await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3 where id = $1', [userId, JSON.stringify(meta), at]);
}

/**
 * The account's address becomes `email`, confirmed now (metadata.email follows). A followed
 * email-change link also clears the pending change (`clearPending`).
 */
export async function setConfirmedEmail(tx: Tx, userId: string, email: string, at: string, clearPending: boolean): Promise<void> {
  const pending = clearPending ? ' email_change = null, email_change_sent_at = null,' : '';
  await tx.query(
    `update auth.users set email = $2,${pending} email_confirmed_at = $3, updated_at = $3,
       raw_user_meta_data = raw_user_meta_data || jsonb_build_object('email', $2::text) where id = $1`,
    [userId, email, at],
  );
}

/** An unconfirmed address is proven: it is confirmed now with the proof's password (or none) and metadata. */
export async function confirmAddress(tx: Tx, userId: string, passwordHash: string | null, meta: Record<string, unknown>, at: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = $2, updated_at = $2, encrypted_password = $3, raw_user_meta_data = $4::jsonb
     where id = $1`,
    [userId, at, passwordHash, JSON.stringify(meta)],
  );
}

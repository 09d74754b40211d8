/**
 * The store of auth.users for accounts made by the server rather than by a password sign-up
 * (admin API, invitations, POST /otp, anonymous sign-in) and for the admin's reads and changes.
 */
import type { Tx } from '../../db/types';
import type { UserRow } from '../users';

export interface NewUser {
  id: string;
  email: string | null;
  passwordHash: string | null;
  confirmedAt: string | null;
  appMeta: Record<string, unknown>;
  userMeta: Record<string, unknown>;
  role: string;
  isAnonymous?: boolean;
  bannedUntil?: string | null;
  at: string;
}

export async function insertUser(tx: Tx, u: NewUser): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, role, is_anonymous, banned_until, created_at, updated_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $10) returning *`,
    [u.id, u.email, u.passwordHash, u.confirmedAt, JSON.stringify(u.appMeta), JSON.stringify(u.userMeta), u.role, u.isAnonymous ?? false, u.bannedUntil ?? null, u.at],
  );
  return rows[0]!;
}

/** A page of users, newest first (GoTrue's default order); `filter` matches part of the email. */
export async function listUsers(tx: Tx, page: number, perPage: number, filter: string): Promise<{ users: UserRow[]; total: number }> {
  const pattern = filter ? `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
  const where = "deleted_at is null and coalesce(email, '') like $1";
  const total = Number((await tx.query<{ n: number }>(`select count(*)::int as n from auth.users where ${where}`, [pattern])).rows[0]?.n ?? 0);
  const { rows } = await tx.query<UserRow>(`select * from auth.users where ${where} order by created_at desc, id limit $2 offset $3`, [pattern, perPage, (page - 1) * perPage]);
  return { users: rows, total };
}

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

/** Every session of the user ends (their refresh tokens go with them). */
export async function endSessionsOf(tx: Tx, userId: string): Promise<void> {
  await tx.query('delete from auth.sessions where user_id = $1', [userId]);
}

export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.query('delete from auth.users where id = $1', [id]);
}

/**
 * GoTrue's soft delete: the row stays (rows elsewhere keep their reference) but nothing can sign
 * in as it: the email is replaced by a hash, the password, metadata, identities, factors, links
 * and sessions go.
 */
export async function softDeleteUser(tx: Tx, id: string, at: string): Promise<void> {
  await tx.query(
    `update auth.users set email = null, phone = null, encrypted_password = null, email_change = null,
       raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb, deleted_at = $2, updated_at = $2
     where id = $1`,
    [id, at],
  );
  for (const table of ['identities', 'mfa_factors', 'one_time_tokens', 'sessions']) {
    await tx.query(`delete from auth.${table} where user_id = $1`, [id]);
  }
}

export type SentAtColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'invited_at' | 'email_change_sent_at';

/** When a mail of a kind went out (GoTrue's user JSON reports it); an email change also records the new address. */
export async function markMailSent(tx: Tx, userId: string, column: SentAtColumn, at: string, emailChange?: string): Promise<void> {
  if (emailChange === undefined) await tx.query(`update auth.users set ${column} = $2 where id = $1`, [userId, at]);
  else await tx.query(`update auth.users set ${column} = $2, email_change = $3 where id = $1`, [userId, at, emailChange]);
}

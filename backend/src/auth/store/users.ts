/**
 * The store of auth.users: the row type, the lookups, accounts made by a sign-up or by the server
 * (admin API, invitations, POST /otp, OAuth, anonymous sign-in), the admin's list, and the marks a
 * sign-in or a mail leaves. Changes to an existing account are in user-changes.ts.
 */
import type { Tx } from '../../db/types';

/** A row of auth.users (the columns GoTrue's user JSON reads). */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: unknown;
  phone: string | null;
  phone_confirmed_at: unknown;
  last_sign_in_at: unknown;
  confirmation_sent_at: unknown;
  recovery_sent_at: unknown;
  email_change: string | null;
  email_change_sent_at: unknown;
  raw_app_meta_data: unknown;
  raw_user_meta_data: unknown;
  is_anonymous: boolean;
  banned_until: unknown;
  deleted_at: unknown;
  invited_at?: unknown;
  created_at: unknown;
  updated_at: unknown;
}

/** The user with this id, unless soft-deleted. */
export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1 and deleted_at is null', [id]);
  return rows[0] ?? null;
}

/** The user with this (normalised) address, unless soft-deleted. */
export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where email = $1 and deleted_at is null', [email]);
  return rows[0] ?? null;
}

/** Whether another account (soft-deleted ones included) holds the address. */
export async function emailTakenByOther(tx: Tx, email: string, userId: string): Promise<boolean> {
  return (await tx.query('select 1 from auth.users where email = $1 and id <> $2', [email, userId])).rows.length > 0;
}

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

/**
 * The account addresses of these users (absent: no such user; null: an account without one), for
 * the notification deliverer.
 */
export async function emailsOf(tx: Tx, userIds: string[]): Promise<Map<string, string | null>> {
  const { rows } = await tx.query<{ id: string; email: string | null }>('select id::text as id, email from auth.users where id = any($1::uuid[])', [userIds]);
  return new Map(rows.map((r) => [r.id, r.email]));
}

/**
 * Of these user ids, the ones that may no longer act: no such user, soft-deleted, or banned now
 * (the database's clock, as the app's SQL reads the ban). Used by /realtime/v1, whose broadcast
 * and presence never reach the app's SQL.
 */
export async function suspendedAmong(tx: Tx, userIds: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ id: string }>(
    `select i::text as id from unnest($1::uuid[]) as i
      where not exists (select 1 from auth.users u where u.id = i and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now()))`,
    [userIds],
  );
  return new Set(rows.map((r) => r.id));
}

/** A sign-in happened now. */
export async function markSignedIn(tx: Tx, userId: string, at: string): Promise<void> {
  await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [userId, at]);
}

export type SentAtColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'invited_at' | 'email_change_sent_at';

/** When a mail of a kind went out (GoTrue's user JSON reports it); an email change also records the new address. */
export async function markMailSent(tx: Tx, userId: string, column: SentAtColumn, at: string, emailChange?: string): Promise<void> {
  if (emailChange === undefined) await tx.query(`update auth.users set ${column} = $2 where id = $1`, [userId, at]);
  else await tx.query(`update auth.users set ${column} = $2, email_change = $3 where id = $1`, [userId, at, emailChange]);
}

/**
 * The store of auth.mfa_factors: every statement on a user's second factors lives here (enrolment,
 * the reads of the user JSON and the admin, verification, removal).
 */
import type { Tx } from '../../db/types';

/** A row of auth.mfa_factors. */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
  created_at: unknown;
  updated_at: unknown;
}

export async function factorsOf(tx: Tx, userId: string): Promise<FactorRow[]> {
  return (await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId])).rows;
}

/** Whether the user has a verified factor (then changing the email or password needs aal2). */
export async function hasVerifiedFactor(tx: Tx, userId: string): Promise<boolean> {
  return (await tx.query("select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1", [userId])).rows.length > 0;
}

/** The user's factor with this id, or null (another user's factor is not found either). */
export async function findFactor(tx: Tx, userId: string, factorId: string): Promise<FactorRow | null> {
  return (await tx.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId])).rows[0] ?? null;
}

/** Drop the user's unverified factors enrolled before `before` (abandoned enrolments). */
export async function deleteStaleUnverified(tx: Tx, userId: string, before: string): Promise<void> {
  await tx.query("delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < $2", [userId, before]);
}

export async function insertTotpFactor(tx: Tx, userId: string, friendlyName: string | null, secret: string, at: string): Promise<FactorRow> {
  const { rows } = await tx.query<FactorRow>(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
     values ($1, $2, 'totp', 'unverified', $3, $4, $4) returning *`,
    [userId, friendlyName, secret, at],
  );
  return rows[0]!;
}

export async function markFactorChallenged(tx: Tx, factorId: string, at: string): Promise<void> {
  await tx.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factorId, at]);
}

export async function markFactorVerified(tx: Tx, factorId: string, at: string): Promise<void> {
  await tx.query("update auth.mfa_factors set status = 'verified', updated_at = $2 where id = $1", [factorId, at]);
}

/**
 * Delete one factor of a user; returns it, or null when the user has no such factor. Sessions
 * raised by it fall back to aal1 (their totp or mfa/webauthn entry leaves amr).
 */
export async function deleteFactor(tx: Tx, userId: string, factorId: string, at: string): Promise<FactorRow | null> {
  const factor = (await tx.query<FactorRow>('delete from auth.mfa_factors where id = $1 and user_id = $2 returning *', [factorId, userId])).rows[0];
  if (!factor) return null;
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = $3,
       amr = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(amr) e where e ->> 'method' not in ('totp', 'mfa/webauthn'))
     where user_id = $1 and factor_id = $2`,
    [userId, factorId, at],
  );
  return factor;
}

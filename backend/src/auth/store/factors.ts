/** The store of auth.mfa_factors for reads by user and for removing a factor (user or admin). */
import type { Tx } from '../../db/types';
import type { FactorRow } from '../users';

export async function factorsOf(tx: Tx, userId: string): Promise<FactorRow[]> {
  return (await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId])).rows;
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

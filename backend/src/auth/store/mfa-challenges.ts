/**
 * The store of auth.mfa_challenges: a challenge per POST /factors/{id}/challenge, its wrong-code
 * count and its use. Every failed attempt stays visible in its row until the challenge is removed.
 */
import type { Tx } from '../../db/types';
import type { CeremonyState } from '../webauthn';

/** A row of auth.mfa_challenges. */
export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: unknown;
  verified_at: unknown;
  ip_address: string | null;
  failed_attempts: number;
  /** A WebAuthn challenge's ceremony (store/webauthn.ts writes it), else null. */
  web_authn_session_data: CeremonyState | null;
}

/** A new challenge of the factor; returns its id. */
export async function insertChallenge(tx: Tx, factorId: string, ip: string, at: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>('insert into auth.mfa_challenges (factor_id, ip_address, created_at) values ($1, $2, $3) returning id', [factorId, ip, at]);
  return rows[0]!.id;
}

/** The factor's challenge with this id, locked for the rest of the transaction, or null. */
export async function lockChallenge(tx: Tx, factorId: string, challengeId: string): Promise<ChallengeRow | null> {
  return (await tx.query<ChallengeRow>('select * from auth.mfa_challenges where id = $1 and factor_id = $2 for update', [challengeId, factorId])).rows[0] ?? null;
}

export async function countWrongChallengeCode(tx: Tx, challengeId: string): Promise<void> {
  await tx.query('update auth.mfa_challenges set failed_attempts = failed_attempts + 1 where id = $1', [challengeId]);
}

export async function markChallengeVerified(tx: Tx, challengeId: string, at: string): Promise<void> {
  await tx.query('update auth.mfa_challenges set verified_at = $2 where id = $1', [challengeId, at]);
}

export async function deleteChallenge(tx: Tx, challengeId: string): Promise<void> {
  await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
}

/**
 * The store of passkeys: auth.webauthn_credentials (a user's sign-in credentials) and
 * auth.webauthn_challenges (one-time ceremonies, taken — deleted — by the verify that answers them).
 */
import type { Tx } from '../../db/types';
import type { StoredCredential } from '../webauthn';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string[];
  friendly_name: string | null;
  created_at: unknown;
  updated_at: unknown;
  last_used_at: unknown;
}

export type CeremonyKind = 'registration' | 'authentication';

/** A new ceremony; ceremonies older than `staleBefore` go (abandoned ones must not pile up). */
export async function insertPasskeyChallenge(tx: Tx, kind: CeremonyKind, userId: string | null, challenge: string, at: string, staleBefore: string): Promise<string> {
  await tx.query('delete from auth.webauthn_challenges where created_at < $1', [staleBefore]);
  const { rows } = await tx.query<{ id: string }>(
    'insert into auth.webauthn_challenges (challenge_type, user_id, challenge, created_at) values ($1, $2, $3, $4) returning id',
    [kind, userId, challenge, at],
  );
  return rows[0]!.id;
}

/** Removes and returns the ceremony (of this kind and user); null when there is none. One use only. */
export async function takePasskeyChallenge(tx: Tx, id: string, kind: CeremonyKind, userId: string | null) {
  const { rows } = await tx.query<{ challenge: string; created_at: unknown }>(
    'delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and user_id is not distinct from $3 returning challenge, created_at',
    [id, kind, userId],
  );
  return rows[0] ?? null;
}

export async function passkeysOf(tx: Tx, userId: string): Promise<PasskeyRow[]> {
  return (await tx.query<PasskeyRow>('select * from auth.webauthn_credentials where user_id = $1 order by created_at, id', [userId])).rows;
}

export async function passkeyByCredentialId(tx: Tx, credentialId: string): Promise<PasskeyRow | null> {
  return (await tx.query<PasskeyRow>('select * from auth.webauthn_credentials where credential_id = $1', [credentialId])).rows[0] ?? null;
}

/** The new passkey, or null when the credential is registered already (to anyone). */
export async function insertPasskey(tx: Tx, userId: string, c: StoredCredential, aaguid: string, at: string): Promise<PasskeyRow | null> {
  const { rows } = await tx.query<PasskeyRow>(
    `insert into auth.webauthn_credentials (user_id, credential_id, public_key, sign_count, transports, aaguid, created_at, updated_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::uuid, $7, $7) on conflict (credential_id) do nothing returning *`,
    [userId, c.id, c.public_key, c.counter, JSON.stringify(c.transports), aaguid, at],
  );
  return rows[0] ?? null;
}

/** Moves the signature counter from `from` to `to` (compare-and-set); false when another sign-in moved it first. */
export async function usePasskey(tx: Tx, id: string, from: number, to: number, at: string): Promise<boolean> {
  const { rows } = await tx.query('update auth.webauthn_credentials set sign_count = $3, last_used_at = $4 where id = $1 and sign_count = $2 returning id', [id, from, to, at]);
  return rows.length > 0;
}

export async function renamePasskey(tx: Tx, userId: string, id: string, name: string, at: string): Promise<PasskeyRow | null> {
  const { rows } = await tx.query<PasskeyRow>('update auth.webauthn_credentials set friendly_name = $3, updated_at = $4 where id = $1 and user_id = $2 returning *', [id, userId, name, at]);
  return rows[0] ?? null;
}

export async function deletePasskey(tx: Tx, userId: string, id: string): Promise<boolean> {
  return (await tx.query('delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id', [id, userId])).rows.length > 0;
}

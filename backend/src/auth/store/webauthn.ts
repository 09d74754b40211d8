/**
 * The store of WebAuthn factors: the ceremony state a challenge carries, the credential a
 * factor's first verify registers, and its signature counter (moved forward only, compare-and-set,
 * so two assertions racing with the same counter cannot both pass).
 */
import type { Tx } from '../../db/types';
import type { CeremonyState, StoredCredential } from '../webauthn';
import type { FactorRow } from './factors';

/** A new unverified webauthn factor; its credential comes with the first verify. */
export async function insertWebAuthnFactor(tx: Tx, userId: string, friendlyName: string | null, at: string): Promise<FactorRow> {
  const { rows } = await tx.query<FactorRow>(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, created_at, updated_at)
     values ($1, $2, 'webauthn', 'unverified', $3, $3) returning *`,
    [userId, friendlyName, at],
  );
  return rows[0]!;
}

/** The credential of a factor, or null before its first verify. */
export async function credentialOf(tx: Tx, factorId: string): Promise<StoredCredential | null> {
  const { rows } = await tx.query<{ c: StoredCredential | null }>('select web_authn_credential as c from auth.mfa_factors where id = $1', [factorId]);
  return rows[0]?.c ?? null;
}

/** The user's registered credentials (so one authenticator is not registered twice). */
export async function credentialsOfUser(tx: Tx, userId: string): Promise<StoredCredential[]> {
  const { rows } = await tx.query<{ c: StoredCredential }>(
    "select web_authn_credential as c from auth.mfa_factors where user_id = $1 and factor_type = 'webauthn' and web_authn_credential is not null",
    [userId],
  );
  return rows.map((r) => r.c);
}

export async function insertCeremonyChallenge(tx: Tx, factorId: string, ip: string, at: string, state: CeremonyState): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'insert into auth.mfa_challenges (factor_id, ip_address, created_at, web_authn_session_data) values ($1, $2, $3, $4::jsonb) returning id',
    [factorId, ip, at, JSON.stringify(state)],
  );
  return rows[0]!.id;
}

/** Whether any factor (of anyone) already holds this credential id. */
export async function credentialTaken(tx: Tx, credentialId: string): Promise<boolean> {
  const { rows } = await tx.query("select 1 from auth.mfa_factors where web_authn_credential ->> 'id' = $1 limit 1", [credentialId]);
  return rows.length > 0;
}

export async function registerCredential(tx: Tx, factorId: string, credential: StoredCredential, aaguid: string, at: string): Promise<void> {
  await tx.query(
    `update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = $3::uuid, updated_at = $4
     where id = $1 and web_authn_credential is null`,
    [factorId, JSON.stringify(credential), aaguid, at],
  );
}

/** Moves the counter from `from` to `to`; false when another assertion moved it first. */
export async function advanceCounter(tx: Tx, factorId: string, from: number, to: number, at: string): Promise<boolean> {
  const { rows } = await tx.query(
    `update auth.mfa_factors set web_authn_credential = jsonb_set(web_authn_credential, '{counter}', to_jsonb($3::bigint)), updated_at = $4
     where id = $1 and (web_authn_credential ->> 'counter')::bigint = $2 returning id`,
    [factorId, from, to, at],
  );
  return rows.length > 0;
}

/**
 * The store of auth.flow_state: PKCE flows (a code challenge waiting for its auth code) and the
 * OAuth flows waiting for the provider's callback (their `oauth_state`).
 */
import type { Tx } from '../../db/types';

/** A row of auth.flow_state. */
export interface FlowStateRow {
  id: string;
  user_id: string | null;
  authentication_method: string;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  auth_code: string | null;
  auth_code_issued_at: unknown;
  provider: string | null;
  oauth_state: string | null;
  redirect_to: string | null;
  link_user_id: string | null;
  created_at: unknown;
}

export interface NewFlow {
  userId: string | null;
  method: string;
  codeChallenge: string | null;
  codeChallengeMethod: 's256' | 'plain' | null;
  provider: string | null;
  oauthState: string | null;
  redirectTo: string | null;
  linkUserId: string | null;
  at: string;
}

export async function insertFlow(tx: Tx, f: NewFlow): Promise<FlowStateRow> {
  const { rows } = await tx.query<FlowStateRow>(
    `insert into auth.flow_state (user_id, authentication_method, code_challenge, code_challenge_method, provider, oauth_state, redirect_to, link_user_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning *`,
    [f.userId, f.method, f.codeChallenge, f.codeChallengeMethod, f.provider, f.oauthState, f.redirectTo, f.linkUserId, f.at],
  );
  return rows[0]!;
}

/** Flows last touched before `before` go (nobody finished them). */
export async function deleteFlowsBefore(tx: Tx, before: string): Promise<void> {
  await tx.query('delete from auth.flow_state where updated_at < $1', [before]);
}

export async function findFlow(tx: Tx, id: string): Promise<FlowStateRow | null> {
  return (await tx.query<FlowStateRow>('select * from auth.flow_state where id = $1', [id])).rows[0] ?? null;
}

/** The OAuth flow waiting with this state, or null. */
export async function findOAuthFlow(tx: Tx, oauthState: string): Promise<FlowStateRow | null> {
  return (await tx.query<FlowStateRow>("select * from auth.flow_state where oauth_state = $1 and authentication_method = 'oauth'", [oauthState])).rows[0] ?? null;
}

/** Clear the flow's OAuth state so one callback only can use it; false when another already did. */
export async function claimOAuthState(tx: Tx, id: string, oauthState: string, at: string): Promise<boolean> {
  const claimed = await tx.query('update auth.flow_state set oauth_state = null, updated_at = $3 where id = $1 and oauth_state = $2', [id, oauthState, at]);
  return Boolean(claimed.affectedRows);
}

/** The flow's user is known: record its auth code. */
export async function setAuthCode(tx: Tx, id: string, authCode: string, userId: string, at: string): Promise<void> {
  await tx.query('update auth.flow_state set auth_code = $2, auth_code_issued_at = $3, user_id = $4, updated_at = $3 where id = $1', [id, authCode, at, userId]);
}

/** The flow holding this auth code, locked for the rest of the transaction, or null. */
export async function lockFlowByAuthCode(tx: Tx, authCode: string): Promise<FlowStateRow | null> {
  return (await tx.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1 for update', [authCode])).rows[0] ?? null;
}

export async function deleteFlow(tx: Tx, id: string): Promise<void> {
  await tx.query('delete from auth.flow_state where id = $1', [id]);
}

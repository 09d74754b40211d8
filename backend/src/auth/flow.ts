/**
 * PKCE (RFC 7636) flow state: the client's code_challenge is stored when a flow starts (sign-up,
 * recovery, email change, OAuth); when the link is followed / the provider calls back, an auth
 * code is issued and sent to redirect_to as ?code=…; supabase-js then posts it with its
 * code_verifier to /token?grant_type=pkce, once.
 */
import { randomUUID } from 'node:crypto';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { AuthErrors } from './errors';
import { deleteFlow, deleteFlowsBefore, insertFlow, lockFlowByAuthCode, setAuthCode, type FlowStateRow } from './store/flow-state';
import { iso, ms, sha256B64url } from './util';

/** An issued auth code must be exchanged within this time (GoTrue: 5 minutes). */
export const AUTH_CODE_TTL_MS = 5 * 60 * 1000;
/** An OAuth flow must come back from the provider within this time. */
export const OAUTH_FLOW_TTL_MS = 10 * 60 * 1000;

export type { FlowStateRow } from './store/flow-state';

export interface PkceParams {
  codeChallenge: string;
  method: 's256' | 'plain';
}

/** Read code_challenge/code_challenge_method from a body or query; null when the flow is implicit. */
export function pkceParams(source: Record<string, unknown>): PkceParams | null {
  const challenge = source.code_challenge;
  const method = source.code_challenge_method;
  if (challenge === undefined || challenge === null || challenge === '') {
    if (method !== undefined && method !== null && method !== '') throw AuthErrors.validation('PKCE flow requires code_challenge_method and code_challenge');
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length < 43 || challenge.length > 128) {
    throw AuthErrors.validation('code challenge has to be between 43 and 128 characters');
  }
  const m = typeof method === 'string' ? method.toLowerCase() : '';
  if (m !== 's256' && m !== 'plain') throw AuthErrors.validation('code challenge method not supported');
  return { codeChallenge: challenge, method: m };
}

export async function createFlowState(
  services: Services,
  tx: Tx,
  fields: { userId?: string | null; method: string; pkce: PkceParams | null; provider?: string; oauthState?: string; redirectTo?: string; linkUserId?: string },
): Promise<FlowStateRow> {
  // Housekeeping: flows nobody finished (older than an email link can live, plus an hour).
  await deleteFlowsBefore(tx, iso(services.now() - (services.config.MAILER_OTP_EXP + 3600) * 1000));
  return insertFlow(tx, {
    userId: fields.userId ?? null,
    method: fields.method,
    codeChallenge: fields.pkce?.codeChallenge ?? null,
    codeChallengeMethod: fields.pkce?.method ?? null,
    provider: fields.provider ?? null,
    oauthState: fields.oauthState ?? null,
    redirectTo: fields.redirectTo ?? null,
    linkUserId: fields.linkUserId ?? null,
    at: iso(services.now()),
  });
}

/** Issue the auth code for a flow whose user is now known. */
export async function issueAuthCode(services: Services, tx: Tx, flowId: string, userId: string): Promise<string> {
  const code = randomUUID();
  await setAuthCode(tx, flowId, code, userId, iso(services.now()));
  return code;
}

/** grant_type=pkce: check the verifier, consume the flow, return it. */
export async function consumeAuthCode(services: Services, tx: Tx, authCode: unknown, verifier: unknown): Promise<FlowStateRow & { user_id: string }> {
  if (typeof authCode !== 'string' || !authCode || typeof verifier !== 'string' || !verifier) {
    throw AuthErrors.validation('invalid request: both auth code and code verifier should be non-empty');
  }
  const flow = await lockFlowByAuthCode(tx, authCode);
  if (!flow || !flow.user_id) throw AuthErrors.flowStateNotFound();
  if (services.now() - ms(flow.auth_code_issued_at) > AUTH_CODE_TTL_MS) throw AuthErrors.flowStateExpired();
  const expected = flow.code_challenge_method === 'plain' ? verifier : sha256B64url(verifier);
  if (expected !== flow.code_challenge) throw AuthErrors.badCodeVerifier();
  // Single use.
  await deleteFlow(tx, flow.id);
  return flow as FlowStateRow & { user_id: string };
}

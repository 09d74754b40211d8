/**
 * One-time tokens carried by email links (/verify?token=…&type=…). Only the sha256 is stored; a
 * token is single use and expires after MAILER_OTP_EXP seconds. Issuing a new one of a type
 * replaces the user's previous one.
 */
import type { Services } from '../app';
import type { Tx } from '../db/types';
import { iso, ms, randomHex, sha256Hex } from './util';

export type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token' | 'reauthentication_token';

/** The link's `type` parameter for each token type (GoTrue's verification types). */
export const LINK_TYPES: Record<string, TokenType> = {
  signup: 'confirmation_token',
  email: 'confirmation_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token',
};

export async function issueOneTimeToken(
  services: Services,
  tx: Tx,
  fields: { userId: string; type: TokenType; relatesTo: string; flowStateId?: string | null; redirectTo?: string },
): Promise<string> {
  const token = randomHex(28);
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [fields.userId, fields.type]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id, redirect_to, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [fields.userId, fields.type, sha256Hex(token), fields.relatesTo, fields.flowStateId ?? null, fields.redirectTo ?? null, iso(services.now())],
  );
  return token;
}

export interface OneTimeTokenRow {
  id: string;
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  flow_state_id: string | null;
  redirect_to: string | null;
  created_at: unknown;
}

/** Consume a token: returns the row, or null when unknown, of another type, or expired. */
export async function consumeOneTimeToken(services: Services, tx: Tx, token: string, type: TokenType): Promise<OneTimeTokenRow | null> {
  const { rows } = await tx.query<OneTimeTokenRow>('delete from auth.one_time_tokens where token_hash = $1 and token_type = $2 returning *', [
    sha256Hex(token),
    type,
  ]);
  const row = rows[0];
  if (!row) return null;
  if (services.now() - ms(row.created_at) > services.config.MAILER_OTP_EXP * 1000) return null;
  return row;
}

/** The link the mail carries. */
export function verifyLink(services: Services, token: string, type: string, redirectTo: string): string {
  const url = new URL(`${services.config.API_EXTERNAL_URL}/auth/v1/verify`);
  url.searchParams.set('token', token);
  url.searchParams.set('type', type);
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

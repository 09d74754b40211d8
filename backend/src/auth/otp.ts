/**
 * One-time tokens carried by email links (/verify?token=…&type=…). Only the sha256 is stored; a
 * token is single use and expires after MAILER_OTP_EXP seconds. Issuing a new one of a type
 * replaces the user's previous one (a repeated sign-up keeps the latest few, each with its own
 * bound credentials).
 */
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { insertToken, pruneTokens, takeTokenByHash, type OneTimeTokenRow, type TokenType } from './store/one-time-tokens';
import { iso, ms, randomHex, sha256Hex } from './util';

export type { OneTimeTokenRow, TokenType } from './store/one-time-tokens';

/**
 * The token types each `type` of /verify accepts (GoTrue's verification types). `email` is what
 * verifyOtp sends for a code mailed by signInWithOtp: a sign-up's or a magic link's.
 */
export const LINK_TYPES: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  email: ['confirmation_token', 'magiclink_token'],
  magiclink: ['magiclink_token', 'confirmation_token'],
  invite: ['invite_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token'],
};

/** What a confirmation link gives the account it proves (see prove-address.ts). */
export interface BoundCredentials {
  passwordHash?: string | null;
  userMeta?: Record<string, unknown> | null;
  identityId?: string | null;
}

/** Pending sign-up links kept per address (each carries its own credentials). */
const PENDING_SIGNUPS_KEPT = 5;

export async function issueOneTimeToken(
  services: Services,
  tx: Tx,
  fields: {
    userId: string; type: TokenType; relatesTo: string; flowStateId?: string | null; redirectTo?: string; bound?: BoundCredentials; keepOthers?: boolean;
    /** sha256 of the six-digit code mailed with the link (email-codes.ts). */
    codeHash?: string;
  },
): Promise<string> {
  const token = randomHex(28);
  // A repeated sign-up must not kill the owner's own link: keep the latest few.
  await pruneTokens(tx, fields.userId, fields.type, fields.keepOthers ? PENDING_SIGNUPS_KEPT - 1 : 0);
  const b = fields.bound;
  await insertToken(tx, {
    userId: fields.userId, type: fields.type, tokenHash: sha256Hex(token), relatesTo: fields.relatesTo, flowStateId: fields.flowStateId ?? null,
    redirectTo: fields.redirectTo ?? null, at: iso(services.now()), passwordHash: b?.passwordHash ?? null, userMeta: b?.userMeta ?? null,
    identityId: b?.identityId ?? null, codeHash: fields.codeHash ?? null,
  });
  return token;
}


/** Consume a token: returns the row, or null when unknown, of another type, or expired. */
export async function consumeOneTimeToken(services: Services, tx: Tx, token: string, types: TokenType[]): Promise<OneTimeTokenRow | null> {
  const row = await takeTokenByHash(tx, sha256Hex(token), types);
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

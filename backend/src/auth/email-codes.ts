/**
 * Six-digit email codes (GoTrue's {{ .Token }}): a link mailed by POST /otp, an invitation or an
 * admin generate_link also carries a code that verifyOtp({email, token, type}) accepts instead of
 * the link. Only sha256(user id, code) is stored, on the link's own one-time-token row, so the
 * code and the link are one credential: using either consumes both.
 *
 * A million codes are few: codes tried are limited per IP and per address and window
 * (RATE_LIMIT_OTP_CODE_PER_IP, RATE_LIMIT_OTP_CODE_PER_EMAIL: 429 over_request_rate_limit), and a
 * code stops working after OTP_CODE_MAX_ATTEMPTS wrong ones. Neither ever touches the link: a
 * stranger guessing codes for an address cannot make its owner's emailed link fail.
 */
import { randomInt } from 'node:crypto';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { issueOneTimeToken, type OneTimeTokenRow, type TokenType } from './otp';
import { enforceRateLimits } from './ratelimit';
import { countWrongCode, takeTokenByCode } from './store/one-time-tokens';
import { findUserByEmail } from './users';
import { ms, sha256Hex } from './util';

export const OTP_CODE_MAX_ATTEMPTS = 5;

const codeHash = (userId: string, code: string) => sha256Hex(`${userId}:${code}`);

/** A link token plus a six-digit code on the same row. */
export async function issueLinkWithCode(
  services: Services,
  tx: Tx,
  fields: Parameters<typeof issueOneTimeToken>[2],
): Promise<{ token: string; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = await issueOneTimeToken(services, tx, { ...fields, codeHash: codeHash(fields.userId, code) });
  return { token, code };
}

/** Count one code tried from `ip` for `email`; 429 once either is over its limit. */
export async function limitCodeTries(services: Services, ip: string, email: string): Promise<void> {
  const { config } = services;
  await enforceRateLimits(services, [
    { key: `otp_code:ip:${ip}`, max: config.RATE_LIMIT_OTP_CODE_PER_IP },
    { key: `otp_code:email:${email}`, max: config.RATE_LIMIT_OTP_CODE_PER_EMAIL },
  ]);
}

/**
 * Consume the row whose code matches, or count a wrong code against every live code of the
 * address (disabling the codes at the limit, never their links). Run in a transaction of its own,
 * so a wrong code is counted even though the request then fails.
 */
export async function consumeCode(services: Services, tx: Tx, email: string, code: string, types: TokenType[]): Promise<OneTimeTokenRow | null> {
  const user = await findUserByEmail(tx, email);
  if (!user) return null;
  if (/^\d{6}$/.test(code)) {
    const row = await takeTokenByCode(tx, user.id, types, codeHash(user.id, code));
    if (row) return services.now() - ms(row.created_at) > services.config.MAILER_OTP_EXP * 1000 ? null : row;
  }
  await countWrongCode(tx, user.id, types, OTP_CODE_MAX_ATTEMPTS);
  return null;
}

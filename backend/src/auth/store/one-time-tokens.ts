/**
 * The store of auth.one_time_tokens: email links and their six-digit codes, and the nonces of
 * GET /reauthenticate. Every statement on the table lives here. Rows hold hashes only.
 */
import type { Tx } from '../../db/types';

/** The kinds of one-time token (GoTrue's token types). */
export type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token' | 'reauthentication_token' | 'magiclink_token' | 'invite_token';

/** A row of auth.one_time_tokens. */
export interface OneTimeTokenRow {
  id: string;
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  flow_state_id: string | null;
  redirect_to: string | null;
  created_at: unknown;
  password_hash: string | null;
  user_meta: unknown;
  identity_id: string | null;
}

export interface NewToken {
  userId: string;
  type: TokenType;
  tokenHash: string;
  relatesTo: string;
  flowStateId: string | null;
  redirectTo: string | null;
  at: string;
  passwordHash: string | null;
  userMeta: Record<string, unknown> | null;
  identityId: string | null;
  codeHash: string | null;
}

/** Every token of the user of this type goes. */
export async function deleteTokensOf(tx: Tx, userId: string, type: TokenType): Promise<void> {
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
}

/** The user's newest token of a type, or null. */
export async function latestToken(tx: Tx, userId: string, type: TokenType): Promise<OneTimeTokenRow | null> {
  const { rows } = await tx.query<OneTimeTokenRow>('select * from auth.one_time_tokens where user_id = $1 and token_type = $2 order by created_at desc limit 1', [userId, type]);
  return rows[0] ?? null;
}

/** Delete the user's tokens of a type but the newest `keep`. */
export async function pruneTokens(tx: Tx, userId: string, type: TokenType, keep: number): Promise<void> {
  await tx.query(
    `delete from auth.one_time_tokens where id in (
       select id from auth.one_time_tokens where user_id = $1 and token_type = $2 order by created_at desc offset $3)`,
    [userId, type, keep],
  );
}

export async function insertToken(tx: Tx, t: NewToken): Promise<void> {
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id, redirect_to, created_at, password_hash, user_meta, identity_id, code_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
    [t.userId, t.type, t.tokenHash, t.relatesTo, t.flowStateId, t.redirectTo, t.at, t.passwordHash, t.userMeta ? JSON.stringify(t.userMeta) : null, t.identityId, t.codeHash],
  );
}

/** Delete and return the token with this hash and one of these types. */
export async function takeTokenByHash(tx: Tx, tokenHash: string, types: TokenType[]): Promise<OneTimeTokenRow | null> {
  const { rows } = await tx.query<OneTimeTokenRow>('delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[]) returning *', [tokenHash, types]);
  return rows[0] ?? null;
}

/** Delete and return the user's token of these types whose code hash matches. */
export async function takeTokenByCode(tx: Tx, userId: string, types: TokenType[], codeHash: string): Promise<OneTimeTokenRow | null> {
  const { rows } = await tx.query<OneTimeTokenRow>(
    'delete from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[]) and code_hash = $3 returning *',
    [userId, types, codeHash],
  );
  return rows[0] ?? null;
}

/**
 * A wrong code: counted on every live code of the user of these types; a code at `max` stops
 * working (its hash is cleared) while its link keeps working: guesses never kill the owner's link.
 */
export async function countWrongCode(tx: Tx, userId: string, types: TokenType[], max: number): Promise<void> {
  await tx.query(
    `update auth.one_time_tokens
        set failed_attempts = failed_attempts + 1,
            code_hash = case when failed_attempts + 1 >= $3 then null else code_hash end
      where user_id = $1 and token_type = any($2::text[]) and code_hash is not null`,
    [userId, types, max],
  );
}

/** The user's one reauthentication nonce (earlier ones go); `relatesTo` is the address it was mailed to. */
export async function replaceReauthNonce(tx: Tx, userId: string, nonceHash: string, relatesTo: string, at: string): Promise<void> {
  await deleteTokensOf(tx, userId, 'reauthentication_token');
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at)
     values ($1, 'reauthentication_token', $2, $3, $4)`,
    [userId, nonceHash, relatesTo, at],
  );
}

/** Delete the user's nonce with this hash; returns when it was made, or null when there is none. */
export async function takeReauthNonce(tx: Tx, userId: string, nonceHash: string): Promise<{ created_at: unknown } | null> {
  const { rows } = await tx.query<{ created_at: unknown }>(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token' and token_hash = $2 returning created_at",
    [userId, nonceHash],
  );
  return rows[0] ?? null;
}

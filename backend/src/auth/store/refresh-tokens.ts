/**
 * The store of auth.refresh_tokens: the rotating tokens of a session. Rows hold the token's
 * sha256 only; a used token is revoked (kept, so a late reuse is recognised) and gets a child.
 */
import type { Tx } from '../../db/types';

/** What a refresh needs of a token row. */
export interface RefreshTokenState {
  id: string;
  session_id: string;
  revoked: boolean;
  updated_at: unknown;
}

export interface NewRefreshToken {
  id: string;
  tokenHash: string;
  userId: string;
  sessionId: string;
  parent: string | null;
  at: string;
}

export async function insertRefreshToken(tx: Tx, t: NewRefreshToken): Promise<void> {
  await tx.query(
    'insert into auth.refresh_tokens (id, token_hash, user_id, session_id, parent, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)',
    [t.id, t.tokenHash, t.userId, t.sessionId, t.parent, t.at],
  );
}

export async function findRefreshTokenByHash(tx: Tx, tokenHash: string): Promise<RefreshTokenState | null> {
  const { rows } = await tx.query<RefreshTokenState>('select id, session_id, revoked, updated_at from auth.refresh_tokens where token_hash = $1', [tokenHash]);
  return rows[0] ?? null;
}

/** The token's revocation now (read again under the session's lock). */
export async function refreshTokenRevocation(tx: Tx, id: string): Promise<{ revoked: boolean; updated_at: unknown } | null> {
  return (await tx.query<{ revoked: boolean; updated_at: unknown }>('select revoked, updated_at from auth.refresh_tokens where id = $1', [id])).rows[0] ?? null;
}

/** The id of the session's newest live token, or null. */
export async function activeRefreshTokenId(tx: Tx, sessionId: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('select id from auth.refresh_tokens where session_id = $1 and not revoked order by created_at desc limit 1', [sessionId]);
  return rows[0]?.id ?? null;
}

export async function revokeRefreshToken(tx: Tx, id: string, at: string): Promise<void> {
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [id, at]);
}

/** Revoke every live token of the session. */
export async function revokeSessionTokens(tx: Tx, sessionId: string, at: string): Promise<void> {
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1 and not revoked', [sessionId, at]);
}

/**
 * Sessions, access tokens and rotating refresh tokens, all in the database so that any instance
 * accepts any other's tokens.
 *
 * A refresh token is HMAC(JWT_SECRET, its row id): only its sha256 is stored, yet the server can
 * hand back the current child token when a just-rotated token is reused within
 * REFRESH_TOKEN_REUSE_INTERVAL (two tabs refreshing at once). A later reuse means the token
 * leaked: the whole session is deleted (refresh_token_already_used).
 */
import { randomUUID } from 'node:crypto';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { signJwt } from '../security/jwt';
import { jwtKeys } from '../security/jwt-keys';
import { AuthErrors } from './errors';
import { findUserById, isBanned, loadUserJson, type UserJson, type UserRow } from './users';
import { hmacB64url, iso, json, ms, sha256Hex } from './util';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  amr: unknown;
  factor_id: string | null;
  created_at: unknown;
}

/** The session JSON supabase-js stores. Do not rename: the client needs access_token, refresh_token and expires_in. */
export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

const refreshTokenFor = (services: Services, id: string) => hmacB64url(services.config.JWT_SECRET, `refresh_token:${id}`).slice(0, 40);

async function insertRefreshToken(services: Services, tx: Tx, session: SessionRow, parent: string | null): Promise<string> {
  const id = randomUUID();
  const token = refreshTokenFor(services, id);
  const now = iso(services.now());
  await tx.query(
    'insert into auth.refresh_tokens (id, token_hash, user_id, session_id, parent, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)',
    [id, sha256Hex(token), session.user_id, session.id, parent, now],
  );
  return token;
}

export async function signAccessToken(services: Services, user: UserRow, session: SessionRow): Promise<{ token: string; expiresAt: number }> {
  const { config } = services;
  const iat = Math.floor(services.now() / 1000);
  const exp = iat + config.JWT_EXPIRY;
  const amr = json<AmrEntry[]>(session.amr, []);
  const token = await signJwt(
    {
      iss: `${config.API_EXTERNAL_URL}/auth/v1`,
      sub: user.id,
      aud: user.aud || 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: json(user.raw_app_meta_data, {}),
      user_metadata: json(user.raw_user_meta_data, {}),
      role: user.role || 'authenticated',
      aal: session.aal,
      amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    jwtKeys(config),
  );
  return { token, expiresAt: exp };
}

async function sessionJson(services: Services, tx: Tx, user: UserRow, session: SessionRow, refreshToken: string): Promise<SessionJson> {
  const { token, expiresAt } = await signAccessToken(services, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: services.config.JWT_EXPIRY,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await loadUserJson(tx, user),
  };
}

export interface NewSessionOptions {
  method: string;
  ip?: string;
  userAgent?: string;
}

/** Start a session (aal1) for a user that just authenticated, and record the sign-in. */
export async function createSession(services: Services, tx: Tx, user: UserRow, options: NewSessionOptions): Promise<SessionJson> {
  const nowMs = services.now();
  const amr: AmrEntry[] = [{ method: options.method, timestamp: Math.floor(nowMs / 1000) }];
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (user_id, aal, amr, ip, user_agent, created_at, updated_at)
     values ($1, 'aal1', $2::jsonb, $3, $4, $5, $5) returning *`,
    [user.id, JSON.stringify(amr), options.ip ?? null, options.userAgent ?? null, iso(nowMs)],
  );
  const session = rows[0]!;
  await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [user.id, iso(nowMs)]);
  const fresh = (await findUserById(tx, user.id)) ?? user;
  const refreshToken = await insertRefreshToken(services, tx, session, null);
  return sessionJson(services, tx, fresh, session, refreshToken);
}

/**
 * grant_type=refresh_token. Returns the session JSON, or throws; `revokeFamily` is set when the
 * caller must delete the session in a separate transaction (a throw would roll the delete back).
 */
export async function refreshSession(services: Services, tx: Tx, refreshToken: string): Promise<SessionJson | { revokeSession: string }> {
  const { rows } = await tx.query<{ id: string; session_id: string; revoked: boolean; updated_at: unknown }>(
    'select id, session_id, revoked, updated_at from auth.refresh_tokens where token_hash = $1',
    [sha256Hex(refreshToken)],
  );
  const rt = rows[0];
  if (!rt) throw AuthErrors.refreshTokenNotFound();
  const session = (await tx.query<SessionRow>('select * from auth.sessions where id = $1 for update', [rt.session_id])).rows[0];
  if (!session) throw AuthErrors.refreshTokenNotFound();
  const user = await findUserById(tx, session.user_id);
  if (!user) throw AuthErrors.refreshTokenNotFound();
  if (isBanned(user, services.now())) throw AuthErrors.userBanned();
  // Re-read under the session lock: a concurrent refresh may just have rotated it.
  const current = (await tx.query<{ revoked: boolean; updated_at: unknown }>('select revoked, updated_at from auth.refresh_tokens where id = $1', [rt.id])).rows[0]!;
  const nowMs = services.now();
  if (current.revoked) {
    const age = nowMs - ms(current.updated_at);
    if (age > services.config.REFRESH_TOKEN_REUSE_INTERVAL * 1000) return { revokeSession: session.id };
    const active = (
      await tx.query<{ id: string }>(
        'select id from auth.refresh_tokens where session_id = $1 and not revoked order by created_at desc limit 1',
        [session.id],
      )
    ).rows[0];
    if (!active) return { revokeSession: session.id };
    return sessionJson(services, tx, user, session, refreshTokenFor(services, active.id));
  }
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [rt.id, iso(nowMs)]);
  await tx.query('update auth.sessions set refreshed_at = $2, updated_at = $2 where id = $1', [session.id, iso(nowMs)]);
  const child = await insertRefreshToken(services, tx, session, rt.id);
  return sessionJson(services, tx, user, session, child);
}

/** After an MFA verify: raise the session and hand out a fresh token pair for it. */
export async function upgradeSession(services: Services, tx: Tx, user: UserRow, sessionId: string, factorId: string, method: string): Promise<SessionJson> {
  const nowMs = services.now();
  const { rows } = await tx.query<SessionRow>(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3,
       amr = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(amr) e where e ->> 'method' <> $4) || $5::jsonb
     where id = $1 returning *`,
    [sessionId, factorId, iso(nowMs), method, JSON.stringify([{ method, timestamp: Math.floor(nowMs / 1000) }])],
  );
  const session = rows[0];
  if (!session) throw AuthErrors.sessionNotFound();
  const parent = (
    await tx.query<{ id: string }>('select id from auth.refresh_tokens where session_id = $1 and not revoked order by created_at desc limit 1', [sessionId])
  ).rows[0];
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1 and not revoked', [sessionId, iso(nowMs)]);
  const token = await insertRefreshToken(services, tx, session, parent?.id ?? null);
  return sessionJson(services, tx, user, session, token);
}

export async function deleteSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.query('delete from auth.sessions where id = $1', [sessionId]);
}

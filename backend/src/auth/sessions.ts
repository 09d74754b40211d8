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
import { customizeAccessToken } from './access-token-hook';
import { AuthErrors } from './errors';
import { activeRefreshTokenId, findRefreshTokenByHash, insertRefreshToken, refreshTokenRevocation, revokeRefreshToken, revokeSessionTokens } from './store/refresh-tokens';
import { insertSession, lockSession, markRefreshed, raiseToAal2, type AmrEntry, type SessionRow } from './store/sessions';
import { markSignedIn } from './store/users';
import { findUserById, isBanned, loadUserJson, type UserJson, type UserRow } from './users';
import { hmacB64url, iso, json, ms, sha256Hex } from './util';

export type { AmrEntry, SessionRow } from './store/sessions';
export { deleteSession } from './store/sessions';

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

async function issueRefreshToken(services: Services, tx: Tx, session: SessionRow, parent: string | null): Promise<string> {
  const id = randomUUID();
  const token = refreshTokenFor(services, id);
  await insertRefreshToken(tx, { id, tokenHash: sha256Hex(token), userId: session.user_id, sessionId: session.id, parent, at: iso(services.now()) });
  return token;
}

/**
 * The access token of `session`, with its claims passed through the app's custom access token
 * hook when one is configured (`method`: GoTrue's authentication_method, e.g. password,
 * token_refresh).
 */
export async function signAccessToken(services: Services, tx: Tx, user: UserRow, session: SessionRow, method: string): Promise<{ token: string; expiresAt: number }> {
  const { config } = services;
  const iat = Math.floor(services.now() / 1000);
  const exp = iat + config.JWT_EXPIRY;
  const amr = json<AmrEntry[]>(session.amr, []);
  const claims = await customizeAccessToken(
    services,
    tx,
    user.id,
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
    method,
  );
  const token = await signJwt(claims, jwtKeys(config));
  return { token, expiresAt: typeof claims.exp === 'number' ? claims.exp : exp };
}

async function sessionJson(services: Services, tx: Tx, user: UserRow, session: SessionRow, refreshToken: string, method: string): Promise<SessionJson> {
  const { token, expiresAt } = await signAccessToken(services, tx, user, session, method);
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
  const session = await insertSession(tx, { userId: user.id, amr, ip: options.ip ?? null, userAgent: options.userAgent ?? null, at: iso(nowMs) });
  await markSignedIn(tx, user.id, iso(nowMs));
  const fresh = (await findUserById(tx, user.id)) ?? user;
  const refreshToken = await issueRefreshToken(services, tx, session, null);
  return sessionJson(services, tx, fresh, session, refreshToken, options.method);
}

/**
 * grant_type=refresh_token. Returns the session JSON, or throws; `revokeFamily` is set when the
 * caller must delete the session in a separate transaction (a throw would roll the delete back).
 */
export async function refreshSession(services: Services, tx: Tx, refreshToken: string): Promise<SessionJson | { revokeSession: string }> {
  const rt = await findRefreshTokenByHash(tx, sha256Hex(refreshToken));
  if (!rt) throw AuthErrors.refreshTokenNotFound();
  const session = await lockSession(tx, rt.session_id);
  if (!session) throw AuthErrors.refreshTokenNotFound();
  const user = await findUserById(tx, session.user_id);
  if (!user) throw AuthErrors.refreshTokenNotFound();
  if (isBanned(user, services.now())) throw AuthErrors.userBanned();
  // Re-read under the session lock: a concurrent refresh may just have rotated it.
  const current = (await refreshTokenRevocation(tx, rt.id))!;
  const nowMs = services.now();
  if (current.revoked) {
    const age = nowMs - ms(current.updated_at);
    if (age > services.config.REFRESH_TOKEN_REUSE_INTERVAL * 1000) return { revokeSession: session.id };
    const active = await activeRefreshTokenId(tx, session.id);
    if (!active) return { revokeSession: session.id };
    return sessionJson(services, tx, user, session, refreshTokenFor(services, active), 'token_refresh');
  }
  await revokeRefreshToken(tx, rt.id, iso(nowMs));
  await markRefreshed(tx, session.id, iso(nowMs));
  const child = await issueRefreshToken(services, tx, session, rt.id);
  return sessionJson(services, tx, user, session, child, 'token_refresh');
}

/** After an MFA verify: raise the session and hand out a fresh token pair for it. */
export async function upgradeSession(services: Services, tx: Tx, user: UserRow, sessionId: string, factorId: string, method: string): Promise<SessionJson> {
  const nowMs = services.now();
  const session = await raiseToAal2(tx, sessionId, factorId, { method, timestamp: Math.floor(nowMs / 1000) }, iso(nowMs));
  if (!session) throw AuthErrors.sessionNotFound();
  const parent = await activeRefreshTokenId(tx, sessionId);
  await revokeSessionTokens(tx, sessionId, iso(nowMs));
  const token = await issueRefreshToken(services, tx, session, parent);
  return sessionJson(services, tx, user, session, token, method);
}

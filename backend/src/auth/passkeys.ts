/**
 * Passkeys of the signed-in user, in GoTrue's routes and shapes (behind PASSKEY_ENABLED, else 404
 * passkey_disabled):
 *   POST   /passkeys/registration/options            → {challenge_id, options (creation options), expires_at}
 *   POST   /passkeys/registration/verify {challenge_id, credential} → {id, friendly_name, created_at, …}
 *   GET    /passkeys                                 → [{id, friendly_name, created_at, updated_at, last_used_at}]
 *   PATCH  /passkeys/{id} {friendly_name}            → the passkey
 *   DELETE /passkeys/{id}                            → {}
 * With a verified MFA factor, adding or removing a passkey needs aal2 (a passkey signs in alone).
 * Signing in with one: passkey-sign-in.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/types';
import type { Services } from '../services';
import { bearerToken, bodyOf, clientIp, loadCaller, verifyAccessToken, type Caller } from './context';
import { AuthErrors } from './errors';
import { enforceRateLimits } from './ratelimit';
import { hasVerifiedFactor } from './store/factors';
import { deletePasskey, insertPasskey, insertPasskeyChallenge, passkeysOf, renamePasskey, takePasskeyChallenge, type PasskeyRow } from './store/passkeys';
import { iso, ms, ts, UUID } from './util';
import { parseCredential, registrationOptions, verifyRegistration, type StoredCredential } from './webauthn';

/** A ceremony must be answered within this time (GoTrue's WEBAUTHN_CHALLENGE_EXPIRY_DURATION). */
export const PASSKEY_CHALLENGE_TTL_MS = 300_000;
const MAX_NAME = 120;

export const passkeyJson = (p: PasskeyRow) => ({
  id: p.id,
  friendly_name: p.friendly_name ?? undefined,
  created_at: ts(p.created_at),
  updated_at: ts(p.updated_at),
  last_used_at: ts(p.last_used_at) ?? undefined,
});

export const storedCredential = (p: PasskeyRow): StoredCredential => ({ id: p.credential_id, public_key: p.public_key, counter: Number(p.sign_count), transports: p.transports ?? [] });

export function requirePasskeys(services: Services): void {
  if (!services.config.PASSKEY_ENABLED) throw AuthErrors.passkeysDisabled();
}

/** Takes the ceremony `body.challenge_id` names (one use), or 400 not found / expired. */
export async function takeCeremony(services: Services, tx: Tx, body: Record<string, unknown>, kind: 'registration' | 'authentication', userId: string | null) {
  const id = typeof body.challenge_id === 'string' ? body.challenge_id : '';
  const taken = UUID.test(id) ? await takePasskeyChallenge(tx, id, kind, userId) : null;
  if (!taken) throw AuthErrors.webauthnChallengeNotFound();
  return { expired: services.now() - ms(taken.created_at) > PASSKEY_CHALLENGE_TTL_MS, state: { challenge: taken.challenge, type: kind === 'registration' ? 'create' : 'request' } as const };
}

export function passkeyRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { db } = services;

  /** The caller, after the switch; `changing`: adding or removing needs aal2 when MFA is on. */
  async function caller(request: FastifyRequest, tx: Tx, changing: boolean): Promise<Caller> {
    requirePasskeys(services);
    const claims = await verifyAccessToken(services, bearerToken(request));
    const c = await loadCaller(tx, claims);
    if (changing && c.session.aal !== 'aal2' && (await hasVerifiedFactor(tx, c.user.id))) throw AuthErrors.insufficientAal('AAL2 required to manage passkeys');
    return c;
  }

  app.post('/passkeys/registration/options', async (request) => {
    requirePasskeys(services);
    await enforceRateLimits(services, [{ key: `passkey:ip:${clientIp(request)}`, max: services.config.RATE_LIMIT_PASSKEY }]);
    return db.transaction(async (tx) => {
      const { user } = await caller(request, tx, true);
      const existing = await passkeysOf(tx, user.id);
      if (existing.length >= services.config.PASSKEY_MAX_PASSKEYS_PER_USER) throw AuthErrors.tooManyPasskeys();
      const { options, state } = await registrationOptions(services.config.webauthn, { id: user.id, email: user.email }, existing.map(storedCredential), true);
      const nowMs = services.now();
      const challengeId = await insertPasskeyChallenge(tx, 'registration', user.id, state.challenge, iso(nowMs), iso(nowMs - PASSKEY_CHALLENGE_TTL_MS));
      return { challenge_id: challengeId, options, expires_at: Math.floor((nowMs + PASSKEY_CHALLENGE_TTL_MS) / 1000) };
    });
  });

  app.post('/passkeys/registration/verify', async (request) => {
    requirePasskeys(services);
    const outcome = await db.transaction(async (tx) => {
      const { user } = await caller(request, tx, true);
      const body = bodyOf(request);
      const answer = parseCredential('create', body.credential, 'Invalid credential');
      const { expired, state } = await takeCeremony(services, tx, body, 'registration', user.id);
      // Returned, not thrown: taking the ceremony must commit (one use, even when it fails).
      if (expired) return { error: AuthErrors.webauthnChallengeExpired() };
      if (answer.type !== 'create') return { error: AuthErrors.webauthnVerificationFailed() };
      const proved = await verifyRegistration(services.config.webauthn, state, answer.response);
      if (!proved) return { error: AuthErrors.webauthnVerificationFailed() };
      const row = await insertPasskey(tx, user.id, proved.credential, proved.aaguid, iso(services.now()));
      return row ? { passkey: passkeyJson(row) } : { error: AuthErrors.webauthnCredentialExists() };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.passkey;
  });

  app.get('/passkeys', async (request) =>
    db.transaction(async (tx) => (await passkeysOf(tx, (await caller(request, tx, false)).user.id)).map(passkeyJson), { readOnly: true }),
  );

  app.patch('/passkeys/:id', async (request) => {
    const { id } = request.params as { id: string };
    return db.transaction(async (tx) => {
      const { user } = await caller(request, tx, false);
      const name = bodyOf(request).friendly_name;
      if (typeof name !== 'string' || !name.trim() || name.length > MAX_NAME) throw AuthErrors.validation(`friendly_name is required (at most ${MAX_NAME} characters)`);
      const row = UUID.test(id) ? await renamePasskey(tx, user.id, id, name.trim(), iso(services.now())) : null;
      if (!row) throw AuthErrors.passkeyNotFound();
      return passkeyJson(row);
    });
  });

  app.delete('/passkeys/:id', async (request) => {
    const { id } = request.params as { id: string };
    return db.transaction(async (tx) => {
      const { user } = await caller(request, tx, true);
      if (!UUID.test(id) || !(await deletePasskey(tx, user.id, id))) throw AuthErrors.passkeyNotFound();
      return {};
    });
  });
}

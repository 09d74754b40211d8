/**
 * MFA (TOTP, and WebAuthn behind MFA_WEB_AUTHN_*_ENABLED). All calls need a signed-in caller.
 *   POST   /factors {factor_type: 'totp', friendly_name?, issuer?} → {id, type, friendly_name, totp: {qr_code (SVG), secret, uri}}
 *   POST   /factors {factor_type: 'webauthn', friendly_name?}      → {id, type, friendly_name}
 *   POST   /factors/{id}/challenge                                 → {id, type, expires_at} (+ webauthn: factor-webauthn.ts)
 *   POST   /factors/{id}/verify {challenge_id, code | webauthn}    → session JSON at aal2 (amr gains totp / mfa/webauthn)
 *   DELETE /factors/{id}                                           → {id}
 * With a verified factor, enrolling another or unenrolling a verified one needs aal2. Phone
 * factors answer 422 mfa_phone_enroll_not_enabled (no SMS sender is configured).
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken, bodyOf, clientIp, loadCaller, verifyAccessToken } from './context';
import { AuthErrors } from './errors';
import { CHALLENGE_TTL_MS, verifyFactorRoute } from './factor-verify';
import { requireVerifyEnabled, webauthnChallenge } from './factor-webauthn';
import { deleteFactor, deleteStaleUnverified, factorsOf, findFactor, insertTotpFactor, markFactorChallenged } from './store/factors';
import { insertChallenge } from './store/mfa-challenges';
import { insertWebAuthnFactor } from './store/webauthn';
import { newTotpSecret, totpQrSvg, totpUri } from './totp';
import { iso, UUID } from './util';

/** Unverified factors older than this are cleaned up on enrolment. */
const STALE_UNVERIFIED_MS = 24 * 3600 * 1000;

export function factorRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { db } = services;

  app.post('/factors', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const secret = newTotpSecret();
    let issuer = '';

    const factor = await db.transaction(async (tx) => {
      // The session first (GoTrue's requireAuthentication), then the request's fields: an ended
      // session is refused as such even when its body is malformed.
      const { user, session } = await loadCaller(tx, claims);
      const body = bodyOf(request);
      const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name.trim() : '';
      issuer = typeof body.issuer === 'string' && body.issuer.trim() ? body.issuer.trim() : new URL(services.config.SITE_URL).hostname;
      const type = body.factor_type;
      if (type === 'phone') throw AuthErrors.mfaPhoneEnrollDisabled();
      if (type === 'webauthn' && !services.config.MFA_WEB_AUTHN_ENROLL_ENABLED) throw AuthErrors.mfaWebauthnEnrollDisabled();
      if (type !== 'totp' && type !== 'webauthn') throw AuthErrors.validation('factor_type needs to be totp, phone or webauthn');
      const nowMs = services.now();
      await deleteStaleUnverified(tx, user.id, iso(nowMs - STALE_UNVERIFIED_MS));
      const factors = await factorsOf(tx, user.id);
      if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') throw AuthErrors.insufficientAal('AAL2 required to enroll a new factor');
      if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) throw AuthErrors.mfaFactorNameConflict(friendlyName);
      const row = type === 'totp' ? await insertTotpFactor(tx, user.id, friendlyName || null, secret, iso(nowMs)) : await insertWebAuthnFactor(tx, user.id, friendlyName || null, iso(nowMs));
      return { row, account: user.email || user.id };
    });
    if (factor.row.factor_type === 'webauthn') return { id: factor.row.id, type: 'webauthn', friendly_name: factor.row.friendly_name ?? '' };
    const uri = totpUri(factor.account, issuer, secret);
    return {
      id: factor.row.id,
      type: 'totp',
      friendly_name: factor.row.friendly_name ?? '',
      totp: { qr_code: await totpQrSvg(uri), secret, uri },
    };
  });

  app.post('/factors/:id/challenge', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const { id } = request.params as { id: string };
    return db.transaction(async (tx) => {
      const { user } = await loadCaller(tx, claims);
      if (!UUID.test(id)) throw AuthErrors.mfaFactorNotFound();
      const factor = await findFactor(tx, user.id, id);
      if (!factor) throw AuthErrors.mfaFactorNotFound();
      const nowMs = services.now();
      if (factor.factor_type === 'webauthn') requireVerifyEnabled(services);
      await markFactorChallenged(tx, factor.id, iso(nowMs));
      if (factor.factor_type === 'webauthn') return webauthnChallenge(services, tx, user, factor, clientIp(request), nowMs, CHALLENGE_TTL_MS);
      const challengeId = await insertChallenge(tx, factor.id, clientIp(request), iso(nowMs));
      return { id: challengeId, type: factor.factor_type, expires_at: Math.floor((nowMs + CHALLENGE_TTL_MS) / 1000) };
    });
  });

  verifyFactorRoute(app);

  app.delete('/factors/:id', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const { id } = request.params as { id: string };
    return db.transaction(async (tx) => {
      const { user, session } = await loadCaller(tx, claims);
      if (!UUID.test(id)) throw AuthErrors.mfaFactorNotFound();
      const factor = await findFactor(tx, user.id, id);
      if (!factor) throw AuthErrors.mfaFactorNotFound();
      if (factor.status === 'verified' && session.aal !== 'aal2') throw AuthErrors.insufficientAal('AAL2 required to unenroll verified factor');
      // Sessions raised by this factor fall back to aal1.
      await deleteFactor(tx, user.id, factor.id, iso(services.now()));
      return { id: factor.id };
    });
  });
}

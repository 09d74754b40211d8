/**
 * Property-based fuzzing (fast-check, real HTTP) of WebAuthn: the MFA factors' verify and the
 * passkeys' registration and sign-in, each with a fresh ceremony and a software authenticator's
 * answer made hostile (bytes flipped, fields swapped for random or hostile base64url, CBOR
 * garbage, wrong shapes and types), plus calls against victim B's factor and passkey.
 *
 * For every case: no 5xx, the API version header, nothing of B (id, tokens, credential ids) in the
 * answer, B unchanged; B's factor and passkey answer 404 to F; a tampered assertion never verifies.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { SoftAuthenticator } from '../auth/soft-authenticator';
import { REQUEST_TIMEOUT_MS, assertNoLeak, check, createVault, hostileJson, hostileString, noteStatus, segment, summary, timeoutFor, victimFingerprint, type PropertyName } from './fuzz-support';
import { send, type Answer } from './helpers';

const PROPERTIES: PropertyName[] = ['auth: webauthn', 'auth: passkeys'];
const ORIGIN = 'http://localhost:3000';
let be: TestBackend;
let victim = '';
const B = { id: '', access: '', refresh: '', factorId: '', key: new SoftAuthenticator(ORIGIN, 'localhost'), passkeyId: '', passkey: new SoftAuthenticator(ORIGIN, 'localhost') };
const F = { access: '', verified: '', key: new SoftAuthenticator(ORIGIN, 'localhost'), passkey: new SoftAuthenticator(ORIGIN, 'localhost') };
let passkeysOfB = '';

type Json = Record<string, unknown>;
const post = (path: string, bearer: string, body: unknown) => send(be, { method: 'POST', path: `/auth/v1${path}`, bearer, body: JSON.stringify(body) ?? 'null', timeoutMs: REQUEST_TIMEOUT_MS });
const optionsOf = (a: Answer) => ((a.json as Json).webauthn as { credential_options: { publicKey: { challenge: string } } }).credential_options.publicKey;

/** A signed-up user with one verified webauthn factor registered by `key`. */
async function withFactor(email: string, key: SoftAuthenticator) {
  const s = await post('/signup', '', { email, password: 'webauthn-password-1' });
  const j = s.json as { access_token: string; refresh_token: string; user: { id: string } };
  const factor = (await post('/factors', j.access_token, { factor_type: 'webauthn', friendly_name: 'key' })).json as { id: string };
  const ch = await post(`/factors/${factor.id}/challenge`, j.access_token, {});
  const v = await post(`/factors/${factor.id}/verify`, j.access_token, { challenge_id: (ch.json as Json).id, webauthn: { type: 'create', credential_response: key.create(optionsOf(ch)) } });
  if (v.status !== 200) throw new Error(`webauthn registration: ${v.status} ${v.text}`);
  const session = v.json as { access_token: string; refresh_token: string };
  return { id: j.user.id, access: session.access_token, refresh: session.refresh_token, factorId: factor.id };
}

/** Registers `key` as a passkey of the session's user (it is at aal2 after its factor); returns its id. */
async function withPasskey(access: string, key: SoftAuthenticator): Promise<string> {
  const o = (await post('/passkeys/registration/options', access, {})).json as { challenge_id: string; options: { challenge: string; user: { id: string } } };
  const v = await post('/passkeys/registration/verify', access, { challenge_id: o.challenge_id, credential: key.create(o.options) });
  if (v.status !== 200) throw new Error(`passkey registration: ${v.status} ${v.text}`);
  return (v.json as { id: string }).id;
}

const passkeyFingerprint = async () =>
  (await be.db.transaction((tx) => tx.query<{ t: string }>('select row(x.*)::text as t from auth.webauthn_credentials x where user_id = $1', [B.id]))).rows.map((r) => r.t).join('|');

beforeAll(async () => {
  const lifted = Object.fromEntries(['SIGN_UP_PER_IP', 'MFA_VERIFY_PER_IP', 'MFA_VERIFY_PER_FACTOR'].map((k) => [`RATE_LIMIT_${k}`, '1000000']));
  be = await startTestBackend({ ...lifted, MAILER_AUTOCONFIRM: 'true', MFA_WEB_AUTHN_ENROLL_ENABLED: 'true', MFA_WEB_AUTHN_VERIFY_ENABLED: 'true', PASSKEY_ENABLED: 'true', RATE_LIMIT_PASSKEY: '1000000' });
  Object.assign(B, await withFactor('fuzz-webauthn-victim@example.com', B.key));
  const f = await withFactor('fuzz-webauthn-self@example.com', F.key);
  Object.assign(F, { access: f.access, verified: f.factorId });
  B.passkeyId = await withPasskey(B.access, B.passkey);
  await withPasskey(F.access, F.passkey);
  await createVault(be);
  victim = await victimFingerprint(be, B.id, 0);
  passkeysOfB = await passkeyFingerprint();
});

afterAll(async () => {
  console.log(summary('fuzz-auth-webauthn', PROPERTIES));
  await be?.close();
});

async function expectSafe(a: Answer, context: string): Promise<void> {
  noteStatus(a.status);
  expect(a.status, `${context} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  expect(a.headers.get('x-supabase-api-version'), context).toBe('2024-01-01');
  assertNoLeak(`${a.text}\n${[...a.headers.entries()].join('\n')}`, [B.id, B.access, B.refresh, B.key.id, B.passkey.id, be.config.JWT_SECRET], context);
  expect(await victimFingerprint(be, B.id, 0), `B changed after ${context}`).toBe(victim);
  expect(await passkeyFingerprint(), `B's passkeys changed after ${context}`).toBe(passkeysOfB);
}

const b64 = (n: number) => fc.uint8Array({ minLength: 0, maxLength: n }).map((u) => Buffer.from(u).toString('base64url'));
/** CBOR headers that claim huge or endless items, nested arrays and maps. */
const cborGarbage = fc.constantFrom('9f9f9f9fff', 'bf', '5bffffffffffffffff', '9b00000000ffffffff', 'a1'.repeat(500), '81'.repeat(2000), 'c6c6c6c6c6', 'f97c00', 'ff').map((h) => Buffer.from(h, 'hex').toString('base64url'));
const fieldValue = fc.oneof(b64(300), cborGarbage, hostileString, hostileJson, fc.constant(randomBytes(15_000).toString('base64url')));
const fields = ['id', 'rawId', 'type', 'response', 'clientDataJSON', 'attestationObject', 'authenticatorData', 'signature', 'userHandle'] as const;

/** One change that makes a genuine answer a forgery (or malformed). */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), field: fc.constantFrom('clientDataJSON', 'authenticatorData', 'signature'), at: fc.nat() }),
  fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...fields), value: fieldValue }),
  fc.record({ kind: fc.constant('whole' as const), value: hostileJson }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(answer: Json, m: Mutation): unknown {
  if (m.kind === 'whole') return m.value;
  const copy = JSON.parse(JSON.stringify(answer)) as Json & { response: Json };
  if (m.kind === 'flip') {
    const bytes = Buffer.from(String(copy.response[m.field] ?? ''), 'base64url');
    if (bytes.length) bytes[m.at % bytes.length]! ^= 0x01;
    copy.response[m.field] = bytes.toString('base64url');
    return copy;
  }
  if (m.field === 'id' || m.field === 'rawId' || m.field === 'type' || m.field === 'response') (copy as Json)[m.field] = m.value;
  else copy.response[m.field] = m.value;
  return copy;
}

/**
 * Changes after which an assertion is still the authenticator's own: it carries no
 * attestationObject, an empty user handle is an absent one, and the DER header of the signature
 * (SEQUENCE tag and length) is read leniently — r and s, which are what is verified, are untouched.
 */
function stillGenuine(genuine: Json, m: Mutation): boolean {
  if (m.kind === 'set') return m.field === 'attestationObject' || (m.field === 'userHandle' && (m.value === '' || m.value === null));
  if (m.kind !== 'flip' || m.field !== 'signature') return false;
  const length = Buffer.from(String((genuine.response as Json).signature), 'base64url').length;
  return m.at % length < 2;
}

describe('WebAuthn factor fuzzing', () => {
  it("verify with tampered answers and B's factor: no 5xx, no leak, never a session from a forgery", { timeout: timeoutFor('auth: webauthn') }, async () => {
    const arb = fc.record({
      target: fc.constantFrom('F', 'F', 'F', 'B', 'unknown'),
      type: fc.oneof({ weight: 6, arbitrary: fc.constant('request') }, { weight: 1, arbitrary: fc.constant('create') }, { weight: 1, arbitrary: hostileString }),
      challengeId: fc.oneof({ weight: 5, arbitrary: fc.constant('fresh') }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileString }),
      m: mutation,
    });
    await check('auth: webauthn', arb, async ({ target, type, challengeId, m }) => {
      const factorId = target === 'F' ? F.verified : target === 'B' ? B.factorId : '00000000-0000-4000-8000-000000000000';
      const ch = await post(`/factors/${factorId}/challenge`, F.access, {});
      await expectSafe(ch, `challenge ${target}`);
      const fresh = ch.status === 200 ? (ch.json as Json) : null;
      const genuine = fresh ? F.key.get(optionsOf(ch)) : F.key.get({ challenge: 'x' });
      const body = { challenge_id: challengeId === 'fresh' ? fresh?.id ?? factorId : challengeId, webauthn: { type, credential_response: mutate(genuine, m) } };
      const a = await post(`/factors/${factorId}/verify`, F.access, body);
      const context = `verify ${target} ${JSON.stringify(body).slice(0, 300)}`;
      await expectSafe(a, context);
      if (target !== 'F') expect(a.status, context).toBe(404);
      // With a change an assertion ignores, the answer is still the genuine assertion.
      const genuineStill = stillGenuine(genuine, m) && body.challenge_id === fresh?.id && type === 'request';
      if (!genuineStill) expect(a.status, `a forged assertion verified: ${context}`).not.toBe(200);
    });
  });

  it("passkeys: tampered registrations and sign-ins, B's passkey: no 5xx, no leak, never a session from a forgery", { timeout: timeoutFor('auth: passkeys') }, async () => {
    const arb = fc.record({
      action: fc.constantFrom('sign-in', 'sign-in', 'register', 'rename B', 'delete B', 'delete any'),
      challengeId: fc.oneof({ weight: 5, arbitrary: fc.constant('fresh') }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileString }),
      name: hostileString,
      m: mutation,
    });
    await check('auth: passkeys', arb, async ({ action, challengeId, name, m }) => {
      if (action === 'rename B' || action === 'delete B' || action === 'delete any') {
        const id = action === 'delete any' ? segment(name) || 'x' : B.passkeyId;
        const a = await send(be, { method: action === 'rename B' ? 'PATCH' : 'DELETE', path: `/auth/v1/passkeys/${id}`, bearer: F.access, body: action === 'rename B' ? JSON.stringify({ friendly_name: name }) : undefined, timeoutMs: REQUEST_TIMEOUT_MS });
        await expectSafe(a, `${action} ${id}`);
        if (action !== 'delete any') expect([400, 404], `${action} → ${a.status}`).toContain(a.status);
        return;
      }
      const signIn = action === 'sign-in';
      const o = await post(`/passkeys/${signIn ? 'authentication' : 'registration'}/options`, signIn ? '' : F.access, {});
      await expectSafe(o, `${action} options`);
      const started = o.json as { challenge_id?: string; options?: { challenge: string; user?: { id: string } } };
      const genuine = started.options ? (signIn ? F.passkey.get(started.options) : new SoftAuthenticator(ORIGIN, 'localhost').create(started.options)) : F.passkey.get({ challenge: 'x' });
      const body = { challenge_id: challengeId === 'fresh' ? started.challenge_id : challengeId, credential: mutate(genuine, m) };
      const a = await post(`/passkeys/${signIn ? 'authentication' : 'registration'}/verify`, signIn ? '' : F.access, body);
      const context = `${action} ${JSON.stringify(body).slice(0, 300)}`;
      await expectSafe(a, context);
      if (signIn && !(stillGenuine(genuine, m) && challengeId === 'fresh')) expect(a.status, `a forged passkey sign-in: ${context}`).not.toBe(200);
    });
  });
});

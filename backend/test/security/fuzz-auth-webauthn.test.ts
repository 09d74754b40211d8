/**
 * Property-based fuzzing (fast-check, real HTTP) of the WebAuthn factors: POST /factors/{id}/verify
 * with a fresh challenge and a software authenticator's answer made hostile (bytes flipped,
 * fields swapped for random or hostile base64url, CBOR garbage, wrong shapes and types), plus
 * challenges and verifies against victim B's factor.
 *
 * For every case: no 5xx, the API version header, nothing of B (id, tokens, credential id) in the
 * answer, B unchanged; B's factor answers 404 to F; a tampered assertion never verifies.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { SoftAuthenticator } from '../auth/soft-authenticator';
import { REQUEST_TIMEOUT_MS, assertNoLeak, check, createVault, hostileJson, hostileString, noteStatus, summary, timeoutFor, victimFingerprint, type PropertyName } from './fuzz-support';
import { send, type Answer } from './helpers';

const PROPERTIES: PropertyName[] = ['auth: webauthn'];
const ORIGIN = 'http://localhost:3000';
let be: TestBackend;
let victim = '';
const B = { id: '', access: '', refresh: '', factorId: '', key: new SoftAuthenticator(ORIGIN, 'localhost') };
const F = { access: '', verified: '', key: new SoftAuthenticator(ORIGIN, 'localhost') };

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

beforeAll(async () => {
  const lifted = Object.fromEntries(['SIGN_UP_PER_IP', 'MFA_VERIFY_PER_IP', 'MFA_VERIFY_PER_FACTOR'].map((k) => [`RATE_LIMIT_${k}`, '1000000']));
  be = await startTestBackend({ ...lifted, MAILER_AUTOCONFIRM: 'true', MFA_WEB_AUTHN_ENROLL_ENABLED: 'true', MFA_WEB_AUTHN_VERIFY_ENABLED: 'true' });
  Object.assign(B, await withFactor('fuzz-webauthn-victim@example.com', B.key));
  const f = await withFactor('fuzz-webauthn-self@example.com', F.key);
  Object.assign(F, { access: f.access, verified: f.factorId });
  await createVault(be);
  victim = await victimFingerprint(be, B.id, 0);
});

afterAll(async () => {
  console.log(summary('fuzz-auth-webauthn', PROPERTIES));
  await be?.close();
});

async function expectSafe(a: Answer, context: string): Promise<void> {
  noteStatus(a.status);
  expect(a.status, `${context} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  expect(a.headers.get('x-supabase-api-version'), context).toBe('2024-01-01');
  assertNoLeak(`${a.text}\n${[...a.headers.entries()].join('\n')}`, [B.id, B.access, B.refresh, B.key.id, be.config.JWT_SECRET], context);
  expect(await victimFingerprint(be, B.id, 0), `B changed after ${context}`).toBe(victim);
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
      // An assertion carries no attestationObject (ignored) and an empty user handle is an absent
      // one: with those changes the answer is still the genuine assertion.
      const ignored = m.kind === 'set' && (m.field === 'attestationObject' || (m.field === 'userHandle' && (m.value === '' || m.value === null)));
      const genuineStill = ignored && body.challenge_id === fresh?.id && type === 'request';
      if (!genuineStill) expect(a.status, `a forged assertion verified: ${context}`).not.toBe(200);
    });
  });
});

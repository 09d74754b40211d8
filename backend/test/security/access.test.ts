/**
 * Access control under attack, over real HTTP: every table (profiles, gigs, payments, audit_logs),
 * the rpc functions and the auth schema × select / insert / update / delete / upsert / rpc × the
 * visitor (anon key only), user A on A's rows, user A on B's rows, and tokens made without the
 * project's secret (alg none, another key, a role edited to service_role with the signature kept or
 * re-signed, algorithm confusion, expired, not yet valid, the anon or service key used as a user).
 * Then /auth/v1 with the same forged tokens, A against B's factor and identity, and the admin API.
 *
 * One scenario table (pocketbase style): name, caller, request, expected status, expected code —
 * PostgREST's `code` on /rest/v1, GoTrue's `error_code` on /auth/v1. Every scenario is refused:
 * an error with the right status and code, or (row-level security) an answer without one foreign
 * row. And every one leaves every row of the app and auth tables exactly as it was (fingerprint).
 * The last block runs the same calls with the real credentials, to show the refusals are specific.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/security/jwt';
import { startTestBackend, type TestBackend } from '../harness';
import { claimsOf, errorCode, fingerprint, forgedTokens, send, signUp, type Account, type Answer } from './helpers';

let be: TestBackend;
let A: Account;
let B: Account;
let forged: Awaited<ReturnType<typeof forgedTokens>>;
let endedSession: string;
const ids: Record<string, string> = {};

type Bearer = keyof Awaited<ReturnType<typeof forgedTokens>>['bearer'];
type Apikey = keyof Awaited<ReturnType<typeof forgedTokens>>['apikey'];
/**
 * Who calls: `visitor` (anon key only), `visitorSdk` (anon key as apikey and as bearer, as
 * supabase-js sends it), `A`, `anonAsUser` / `serviceAsUser` (the keys as a user's bearer),
 * `endedSession` (a correctly signed token whose session does not exist), `bearer:<forged>` (anon
 * apikey + a forged bearer), `apikey:<forged>` (a forged apikey alone), `apikeyA:<forged>` (a
 * forged apikey + A's real token), `noApikeyA` (A's token without an apikey), `basic` (Basic auth).
 */
type Who = 'visitor' | 'visitorSdk' | 'A' | 'anonAsUser' | 'serviceAsUser' | 'endedSession' | 'noApikeyA' | 'basic' | `bearer:${Bearer}` | `apikey:${Apikey}` | `apikeyA:${Apikey}`;

interface Scenario {
  name: string;
  as: Who;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** {A} {B} {gigA} {gigB} {paidGigB} {payA} {payB} {factorB} {challengeB} {identityB} are filled in. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  /** The error code expected; null for an answer that is not an error (row-level security filtering). */
  code: string | null;
  /** For answers that are not errors: `none` — no row at all; `own` — only rows whose user_id is A; `embedNull` — the embed is null. */
  rows?: 'none' | 'own' | 'embedNull';
}

const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? `{${k}}`);
const fillBody = (b: unknown) => (b === undefined ? undefined : JSON.parse(fill(JSON.stringify(b))));
const representation = { prefer: 'return=representation' };
const merge = { prefer: 'return=representation, resolution=merge-duplicates' };
const ignore = { prefer: 'return=representation, resolution=ignore-duplicates' };
const gig = (over: Record<string, unknown> = {}) => ({ title: 'Gig', description: 'Work', payment_type: 'hourly', rate: 30, hours: 2, location: 'remote', ...over });
const pending = { amount: 10, status: 'pending', payment_method: 'paypal' };
const recordArgs = { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending' };

function credentials(who: Who): { apikey: string | null; bearer: string | null; headers?: Record<string, string> } {
  const anon = be.config.ANON_KEY;
  if (who === 'visitor') return { apikey: anon, bearer: null };
  if (who === 'visitorSdk') return { apikey: anon, bearer: anon };
  if (who === 'A') return { apikey: anon, bearer: A.access };
  if (who === 'anonAsUser') return { apikey: anon, bearer: anon };
  if (who === 'serviceAsUser') return { apikey: anon, bearer: be.config.SERVICE_ROLE_KEY };
  if (who === 'endedSession') return { apikey: anon, bearer: endedSession };
  if (who === 'noApikeyA') return { apikey: null, bearer: A.access };
  if (who === 'basic') return { apikey: anon, bearer: null, headers: { authorization: `Basic ${Buffer.from(`${A.email}:${A.password}`).toString('base64')}` } };
  const [kind, name] = who.split(':') as [string, string];
  if (kind === 'bearer') return { apikey: anon, bearer: forged.bearer[name as Bearer] };
  if (kind === 'apikey') return { apikey: forged.apikey[name as Apikey], bearer: null };
  return { apikey: forged.apikey[name as Apikey], bearer: A.access };
}

async function run(s: Scenario): Promise<Answer> {
  const c = credentials(s.as);
  return send(be, { method: s.method, path: fill(s.path), apikey: c.apikey, bearer: c.bearer, headers: { ...c.headers, ...s.headers }, body: fillBody(s.body) });
}

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', SECURITY_MANUAL_LINKING_ENABLED: 'true' });
  A = await signUp(be, 'attacker-a@example.com');
  B = await signUp(be, 'victim-b@example.com', 'victim-password', { full_name: 'Victim B' });
  forged = await forgedTokens(be, A.access, B);
  endedSession = await signJwt({ ...claimsOf(A.access), session_id: '00000000-0000-4000-8000-000000000000' }, be.config.JWT_SECRET);
  ids.A = A.id;
  ids.B = B.id;
  ids.identityB = B.identityId;
  const as = (acc: Account, method: string, path: string, body: unknown) =>
    send(be, { method, path, bearer: acc.access, headers: representation, body }).then((a) => {
      if (a.status >= 300) throw new Error(`setup ${method} ${path}: ${a.status} ${a.text}`);
      return a.json as Record<string, string> & Record<string, string>[];
    });
  ids.gigA = (await as(A, 'POST', '/rest/v1/gigs', gig({ title: 'A gig' })))[0]!.id!;
  ids.gigB = (await as(B, 'POST', '/rest/v1/gigs', gig({ title: 'B gig' })))[0]!.id!;
  const paid = await as(B, 'POST', '/rest/v1/rpc/create_paid_gig', { p_title: 'B paid gig', p_description: 'Paid' });
  ids.paidGigB = paid.id!;
  ids.payB = paid.payment_id!;
  ids.payA = (await as(A, 'POST', '/rest/v1/rpc/record_payment', recordArgs)).id!;
  await as(B, 'POST', '/rest/v1/rpc/record_payment', { ...recordArgs, p_description: 'B private donation' });
  ids.factorB = (await as(B, 'POST', '/auth/v1/factors', { factor_type: 'totp', friendly_name: 'B phone' })).id!;
  ids.challengeB = (await as(B, 'POST', `/auth/v1/factors/${ids.factorB}/challenge`, {})).id!;
});

afterAll(async () => {
  await be?.close();
});

const R = '/rest/v1';
/** A private broadcast to B's room, which only a real service-role caller could deliver. */
const rtBroadcast = { messages: [{ topic: 'room:{B}', event: 'say', payload: { text: 'x' }, private: true }] };

const scenarios: Scenario[] = [
  // ── visitor (anon key only) × every table and operation ──────────────────────────────────
  { name: 'visitor: insert a profile', as: 'visitor', method: 'POST', path: `${R}/profiles`, body: { id: '{A}', username: 'taken_over' }, status: 401, code: '42501' },
  { name: "visitor: update A's profile", as: 'visitor', method: 'PATCH', path: `${R}/profiles?id=eq.{A}`, body: { full_name: 'x' }, status: 401, code: '42501' },
  { name: 'visitor: update every profile (no filter)', as: 'visitorSdk', method: 'PATCH', path: `${R}/profiles`, body: { bio: 'x' }, status: 401, code: '42501' },
  { name: "visitor: delete A's profile", as: 'visitor', method: 'DELETE', path: `${R}/profiles?id=eq.{A}`, status: 401, code: '42501' },
  { name: "visitor: upsert over A's profile", as: 'visitor', method: 'POST', path: `${R}/profiles?on_conflict=id`, headers: merge, body: { id: '{A}', full_name: 'x' }, status: 401, code: '42501' },
  { name: 'visitor: insert a gig', as: 'visitorSdk', method: 'POST', path: `${R}/gigs`, body: gig(), status: 401, code: '42501' },
  { name: 'visitor: insert a gig for B', as: 'visitor', method: 'POST', path: `${R}/gigs`, body: gig({ user_id: '{B}' }), status: 401, code: '42501' },
  { name: "visitor: update B's gig", as: 'visitor', method: 'PATCH', path: `${R}/gigs?id=eq.{gigB}`, body: { title: 'x' }, status: 401, code: '42501' },
  { name: "visitor: delete B's gig", as: 'visitor', method: 'DELETE', path: `${R}/gigs?id=eq.{gigB}`, status: 401, code: '42501' },
  { name: "visitor: upsert over B's gig", as: 'visitor', method: 'POST', path: `${R}/gigs?on_conflict=id`, headers: merge, body: gig({ id: '{gigB}' }), status: 401, code: '42501' },
  { name: 'visitor: read payments', as: 'visitor', method: 'GET', path: `${R}/payments?select=*`, status: 401, code: '42501' },
  { name: 'visitor: count payments', as: 'visitorSdk', method: 'GET', path: `${R}/payments?select=count()`, status: 401, code: '42501' },
  { name: 'visitor: read payments through an embed from gigs', as: 'visitor', method: 'GET', path: `${R}/gigs?select=title,payments(amount,user_id)`, status: 401, code: '42501' },
  { name: 'visitor: filter gigs by a payment (inner embed)', as: 'visitor', method: 'GET', path: `${R}/gigs?select=id,payments!inner(id)&payments.amount=gt.0`, status: 401, code: '42501' },
  { name: 'visitor: insert a payment', as: 'visitor', method: 'POST', path: `${R}/payments`, body: pending, status: 401, code: '42501' },
  { name: 'visitor: mark a payment completed', as: 'visitor', method: 'PATCH', path: `${R}/payments?id=eq.{payB}`, body: { status: 'completed' }, status: 401, code: '42501' },
  { name: 'visitor: delete a payment', as: 'visitor', method: 'DELETE', path: `${R}/payments?id=eq.{payB}`, status: 401, code: '42501' },
  { name: 'visitor: upsert over a payment', as: 'visitor', method: 'POST', path: `${R}/payments?on_conflict=id`, headers: merge, body: { id: '{payB}', ...pending }, status: 401, code: '42501' },
  { name: 'visitor: read the audit log', as: 'visitor', method: 'GET', path: `${R}/audit_logs?select=*`, status: 401, code: '42501' },
  { name: 'visitor: forge an audit row', as: 'visitor', method: 'POST', path: `${R}/audit_logs`, body: { operation: 'INSERT', table_name: 'gigs', details: {} }, status: 401, code: '42501' },
  { name: 'visitor: rewrite the audit log', as: 'visitor', method: 'PATCH', path: `${R}/audit_logs?user_id=eq.{B}`, body: { details: {} }, status: 401, code: '42501' },
  { name: 'visitor: delete the audit log', as: 'visitor', method: 'DELETE', path: `${R}/audit_logs?user_id=eq.{B}`, status: 401, code: '42501' },
  { name: 'visitor: upsert into the audit log', as: 'visitor', method: 'POST', path: `${R}/audit_logs?on_conflict=id`, headers: merge, body: { operation: 'INSERT', table_name: 'gigs', details: {} }, status: 401, code: '42501' },
  { name: 'visitor: rpc create_paid_gig', as: 'visitorSdk', method: 'POST', path: `${R}/rpc/create_paid_gig`, body: { p_title: 'T', p_description: 'D' }, status: 401, code: '42501' },
  { name: 'visitor: rpc record_payment as completed', as: 'visitor', method: 'POST', path: `${R}/rpc/record_payment`, body: { ...recordArgs, p_status: 'completed' }, status: 400, code: '22023' },
  { name: 'visitor: rpc record_payment through GET (read-only)', as: 'visitor', method: 'GET', path: `${R}/rpc/record_payment?p_amount=40&p_payment_method=paypal&p_status=pending`, status: 405, code: '25006' },
  { name: 'visitor: PUT (single-row upsert) is not served', as: 'visitor', method: 'PUT', path: `${R}/gigs?id=eq.{gigB}`, body: gig({ id: '{gigB}' }), status: 405, code: 'PGRST117' },

  // ── internal functions and the auth schema are not reachable ─────────────────────────────
  { name: 'rpc: the signup trigger function', as: 'visitor', method: 'POST', path: `${R}/rpc/handle_new_user`, body: {}, status: 404, code: 'PGRST202' },
  { name: 'rpc: the audit trigger function', as: 'A', method: 'POST', path: `${R}/rpc/write_audit_log`, body: {}, status: 404, code: 'PGRST202' },
  { name: 'rpc: private.paid_gig_terms', as: 'A', method: 'POST', path: `${R}/rpc/paid_gig_terms`, body: {}, status: 404, code: 'PGRST202' },
  { name: 'rpc: private.aal_satisfied (the MFA policy helper)', as: 'A', method: 'POST', path: `${R}/rpc/aal_satisfied`, body: {}, status: 404, code: 'PGRST202' },
  { name: 'private schema through Accept-Profile', as: 'A', method: 'POST', path: `${R}/rpc/aal_satisfied`, headers: { 'content-profile': 'private' }, body: {}, status: 406, code: 'PGRST106' },
  { name: 'rpc: auth.uid', as: 'visitor', method: 'GET', path: `${R}/rpc/uid`, status: 404, code: 'PGRST202' },
  { name: 'rpc: an extension function (pgcrypto)', as: 'visitor', method: 'POST', path: `${R}/rpc/gen_random_bytes`, body: { '': 16 }, status: 404, code: 'PGRST202' },
  { name: "A: rpc create_paid_gig with the id of B's $600 gig (refused, B's stays)", as: 'A', method: 'POST', path: `${R}/rpc/create_paid_gig`, body: { p_title: 'T', p_description: 'D', p_id: '{paidGigB}' }, status: 409, code: '23505' },
  { name: "A: rpc create_paid_gig with the id of B's plain gig", as: 'A', method: 'POST', path: `${R}/rpc/create_paid_gig`, body: { p_title: 'T', p_description: 'D', p_id: '{gigB}' }, status: 409, code: '23505' },
  { name: 'rpc: create_paid_gig with a fee argument', as: 'A', method: 'POST', path: `${R}/rpc/create_paid_gig`, body: { p_title: 'T', p_description: 'D', p_platform_fee: 0 }, status: 404, code: 'PGRST202' },
  { name: 'realtime: the spill table of large changes', as: 'A', method: 'GET', path: `${R}/spill?select=payload`, status: 404, code: 'PGRST205' },
  { name: 'realtime: the spill table with Accept-Profile', as: 'A', method: 'GET', path: `${R}/spill`, headers: { 'accept-profile': 'need40_realtime' }, status: 406, code: 'PGRST106' },
  { name: 'rpc: realtime capture trigger function', as: 'A', method: 'POST', path: `${R}/rpc/capture`, body: {}, status: 404, code: 'PGRST202' },
  { name: 'rpc: realtime sync_triggers', as: 'visitor', method: 'POST', path: `${R}/rpc/sync_triggers`, body: {}, status: 404, code: 'PGRST202' },
  { name: 'realtime: realtime.messages (private-channel policies) as a table', as: 'A', method: 'GET', path: `${R}/messages`, status: 404, code: 'PGRST205' },
  { name: 'realtime: realtime.messages with Accept-Profile realtime', as: 'A', method: 'GET', path: `${R}/messages`, headers: { 'accept-profile': 'realtime' }, status: 406, code: 'PGRST106' },
  { name: 'rpc: realtime.topic', as: 'visitor', method: 'POST', path: `${R}/rpc/topic`, body: {}, status: 404, code: 'PGRST202' },
  // /rest/v1/reports is the members' own reports of gigs, profiles and messages (public.reports),
  // never the browser error reports of the need40_browser schema.
  { name: 'browser reports: /reports is not the browser reports table', as: 'A', method: 'GET', path: `${R}/reports?select=*`, status: 200, code: null, rows: 'none' },
  { name: 'browser reports: the reports table with Accept-Profile', as: 'visitor', method: 'GET', path: `${R}/reports`, headers: { 'accept-profile': 'need40_browser' }, status: 406, code: 'PGRST106' },
  { name: 'browser reports: the release counts with Accept-Profile', as: 'A', method: 'GET', path: `${R}/release_counts`, headers: { 'accept-profile': 'need40_browser' }, status: 406, code: 'PGRST106' },
  { name: 'browser reports: release figures as a user', as: 'A', method: 'GET', path: '/browser/v1/release-stats?environment=production&remote=campaign&version=0.1.0%2Babcdef0123', status: 403, code: 'forbidden' },
  { name: 'browser reports: release figures with a forged service-role token', as: 'bearer:serviceRoleSignatureKept', method: 'GET', path: '/browser/v1/release-stats?environment=production&remote=campaign&version=0.1.0%2Babcdef0123', status: 401, code: 'unauthorized' },
  { name: 'browser reports: release figures with alg none', as: 'bearer:algNoneServiceRole', method: 'GET', path: '/browser/v1/release-stats?environment=production&remote=campaign&version=0.1.0%2Babcdef0123', status: 401, code: 'unauthorized' },
  { name: 'realtime REST broadcast: a forged service-role bearer', as: 'bearer:algNoneServiceRole', method: 'POST', path: '/realtime/v1/api/broadcast', body: rtBroadcast, status: 401, code: null },
  { name: 'realtime REST broadcast: a service-role token re-signed wrongly', as: 'bearer:serviceRoleWrongKey', method: 'POST', path: '/realtime/v1/api/broadcast', body: rtBroadcast, status: 401, code: null },
  { name: 'realtime REST broadcast: an expired token', as: 'bearer:expired', method: 'POST', path: '/realtime/v1/api/broadcast', body: rtBroadcast, status: 401, code: null },
  { name: 'realtime REST broadcast: a forged apikey alone', as: 'apikey:anonKeyEditedToServiceRole', method: 'POST', path: '/realtime/v1/api/broadcast', body: rtBroadcast, status: 401, code: null },
  { name: "realtime REST broadcast: A's token without an apikey", as: 'noApikeyA', method: 'POST', path: '/realtime/v1/api/broadcast/room/events/say', body: { text: 'x' }, status: 401, code: null },
  { name: 'auth schema: users as a table', as: 'visitor', method: 'GET', path: `${R}/users?select=email,encrypted_password`, status: 404, code: 'PGRST205' },
  { name: 'auth schema: sessions as a table', as: 'A', method: 'GET', path: `${R}/sessions`, status: 404, code: 'PGRST205' },
  { name: 'auth schema: refresh_tokens as a table', as: 'A', method: 'GET', path: `${R}/refresh_tokens`, status: 404, code: 'PGRST205' },
  { name: 'auth schema: mfa_factors as a table', as: 'A', method: 'DELETE', path: `${R}/mfa_factors?id=eq.{factorB}`, status: 404, code: 'PGRST205' },
  { name: 'auth schema: webauthn_credentials (passkeys) as a table', as: 'A', method: 'GET', path: `${R}/webauthn_credentials?select=public_key`, status: 404, code: 'PGRST205' },
  { name: 'auth schema: oauth_clients (secret hashes) as a table', as: 'A', method: 'GET', path: `${R}/oauth_clients?select=client_secret_hash`, status: 404, code: 'PGRST205' },
  { name: 'admin API: the OAuth client registry with a member token', as: 'A', method: 'POST', path: '/auth/v1/admin/oauth/clients', body: { redirect_uris: ['https://a.example/cb'] }, status: 403, code: 'not_admin' },
  { name: "admin API: a user's passkeys with a member token", as: 'A', method: 'GET', path: '/auth/v1/admin/users/{A}/passkeys', status: 403, code: 'not_admin' },
  { name: 'auth schema: webauthn_challenges with Accept-Profile auth', as: 'A', method: 'GET', path: `${R}/webauthn_challenges`, headers: { 'accept-profile': 'auth' }, status: 406, code: 'PGRST106' },
  { name: 'auth schema: qualified name in the path', as: 'visitor', method: 'GET', path: `${R}/auth.users`, status: 404, code: 'PGRST205' },
  { name: 'auth schema: Accept-Profile auth', as: 'A', method: 'GET', path: `${R}/users`, headers: { 'accept-profile': 'auth' }, status: 406, code: 'PGRST106' },
  { name: 'auth schema: Content-Profile auth on a write', as: 'A', method: 'POST', path: `${R}/identities`, headers: { 'content-profile': 'auth' }, body: { user_id: '{A}' }, status: 406, code: 'PGRST106' },
  { name: 'auth schema: embed users from profiles', as: 'visitor', method: 'GET', path: `${R}/profiles?select=*,users(*)`, status: 400, code: 'PGRST200' },
  { name: 'auth schema: embed with a schema-qualified name', as: 'visitor', method: 'GET', path: `${R}/profiles?select=*,auth.users(*)`, status: 400, code: 'PGRST100' },
  { name: 'auth schema: a column of auth.users on profiles', as: 'visitor', method: 'GET', path: `${R}/profiles?select=encrypted_password`, status: 400, code: '42703' },

  // ── A on A's own rows: what the owner may still not do ───────────────────────────────────
  { name: 'A: insert a profile (even its own id)', as: 'A', method: 'POST', path: `${R}/profiles`, body: { id: '{A}', username: 'second_a' }, status: 403, code: '42501' },
  { name: 'A: upsert its own profile', as: 'A', method: 'POST', path: `${R}/profiles?on_conflict=id`, headers: merge, body: { id: '{A}', full_name: 'x' }, status: 403, code: '42501' },
  { name: 'A: move its profile to another id', as: 'A', method: 'PATCH', path: `${R}/profiles?id=eq.{A}`, body: { id: '{B}' }, status: 403, code: '42501' },
  { name: 'A: delete its own profile', as: 'A', method: 'DELETE', path: `${R}/profiles?id=eq.{A}`, status: 403, code: '42501' },
  { name: 'A: insert a payment claiming a confirmed transfer', as: 'A', method: 'POST', path: `${R}/payments`, body: { ...pending, user_id: '{A}', source: 'confirmed_transfer' }, status: 403, code: '42501' },
  { name: 'A: set the fee of its own gig', as: 'A', method: 'PATCH', path: `${R}/gigs?id=eq.{gigA}`, body: { platform_fee: 0, worker_rate: 30 }, status: 403, code: '42501' },
  { name: 'A: write the computed fee of its own gig', as: 'A', method: 'PATCH', path: `${R}/gigs?id=eq.{gigA}`, body: { fee_cents: 0 }, status: 400, code: 'PGRST204' },
  { name: 'A: hand its gig to B', as: 'A', method: 'PATCH', path: `${R}/gigs?id=eq.{gigA}`, body: { user_id: '{B}' }, status: 403, code: '42501' },
  { name: 'A: mark its gig paid (payment_id)', as: 'A', method: 'PATCH', path: `${R}/gigs?id=eq.{gigA}`, body: { payment_id: '{payB}' }, status: 403, code: '42501' },
  { name: 'A: insert a gig with fee figures', as: 'A', method: 'POST', path: `${R}/gigs`, body: gig({ rate: 600, worker_rate: 570, platform_fee: 30 }), status: 403, code: '42501' },
  { name: 'A: upsert its own gig with fee figures', as: 'A', method: 'POST', path: `${R}/gigs?on_conflict=id`, headers: merge, body: gig({ id: '{gigA}', platform_fee: 0, worker_rate: 30 }), status: 403, code: '42501' },
  { name: 'A: mark its own payment completed', as: 'A', method: 'PATCH', path: `${R}/payments?id=eq.{payA}`, body: { status: 'completed' }, status: 403, code: '42501' },
  { name: 'A: delete its own payment', as: 'A', method: 'DELETE', path: `${R}/payments?id=eq.{payA}`, status: 403, code: '42501' },
  { name: 'A: insert a completed payment', as: 'A', method: 'POST', path: `${R}/payments`, body: { amount: 600, status: 'completed', payment_method: 'paypal', user_id: '{A}' }, status: 403, code: '42501' },
  { name: 'A: upsert over its own payment', as: 'A', method: 'POST', path: `${R}/payments?on_conflict=id`, headers: merge, body: { id: '{payA}', ...pending, user_id: '{A}' }, status: 403, code: '42501' },
  { name: 'A: forge its own audit row', as: 'A', method: 'POST', path: `${R}/audit_logs`, body: { operation: 'INSERT', table_name: 'gigs', details: {}, user_id: '{A}' }, status: 403, code: '42501' },
  { name: 'A: rewrite its own audit rows', as: 'A', method: 'PATCH', path: `${R}/audit_logs?user_id=eq.{A}`, body: { details: {} }, status: 403, code: '42501' },
  { name: 'A: delete its own audit rows', as: 'A', method: 'DELETE', path: `${R}/audit_logs?user_id=eq.{A}`, status: 403, code: '42501' },
  { name: 'A: upsert into the audit log', as: 'A', method: 'POST', path: `${R}/audit_logs?on_conflict=id`, headers: merge, body: { operation: 'INSERT', table_name: 'gigs', details: {}, user_id: '{A}' }, status: 403, code: '42501' },
  // PostgreSQL refuses a value for a GENERATED ALWAYS identity before it checks privileges.
  { name: 'A: upsert over an audit row by its id', as: 'A', method: 'POST', path: `${R}/audit_logs?on_conflict=id`, headers: merge, body: { id: 1, operation: 'DELETE', table_name: 'gigs', details: {} }, status: 400, code: '428C9' },
  { name: 'A: rpc record_payment as completed', as: 'A', method: 'POST', path: `${R}/rpc/record_payment`, body: { ...recordArgs, p_status: 'completed', p_amount: 600 }, status: 400, code: '22023' },
  { name: 'A: rpc create_paid_gig through GET (read-only)', as: 'A', method: 'GET', path: `${R}/rpc/create_paid_gig?p_title=T&p_description=D`, status: 405, code: '25006' },

  // ── A on B's rows ───────────────────────────────────────────────────────────────────────────
  { name: "A on B: update B's profile (no row matches)", as: 'A', method: 'PATCH', path: `${R}/profiles?id=eq.{B}&select=id,full_name`, headers: representation, body: { full_name: 'hacked' }, status: 200, code: null, rows: 'none' },
  { name: 'A on B: update every profile (only its own could match)', as: 'A', method: 'PATCH', path: `${R}/profiles?id=neq.{A}&select=id,bio`, headers: representation, body: { bio: 'hacked' }, status: 200, code: null, rows: 'none' },
  { name: "A on B: delete B's profile", as: 'A', method: 'DELETE', path: `${R}/profiles?id=eq.{B}`, status: 403, code: '42501' },
  { name: "A on B: upsert over B's profile", as: 'A', method: 'POST', path: `${R}/profiles?on_conflict=id`, headers: merge, body: { id: '{B}', full_name: 'hacked' }, status: 403, code: '42501' },
  { name: "A on B: insert a gig as B", as: 'A', method: 'POST', path: `${R}/gigs`, body: gig({ user_id: '{B}' }), status: 403, code: '42501' },
  { name: "A on B: update B's gig (no row matches)", as: 'A', method: 'PATCH', path: `${R}/gigs?id=eq.{gigB}`, headers: representation, body: { title: 'hacked' }, status: 200, code: null, rows: 'none' },
  { name: "A on B: delete B's gig (no row matches)", as: 'A', method: 'DELETE', path: `${R}/gigs?id=eq.{gigB}`, headers: representation, status: 200, code: null, rows: 'none' },
  { name: "A on B: delete every gig but its own (none match)", as: 'A', method: 'DELETE', path: `${R}/gigs?user_id=neq.{A}`, headers: representation, status: 200, code: null, rows: 'none' },
  { name: "A on B: upsert over B's gig (merge)", as: 'A', method: 'POST', path: `${R}/gigs?on_conflict=id`, headers: merge, body: gig({ id: '{gigB}', title: 'hacked' }), status: 403, code: '42501' },
  { name: "A on B: upsert over B's gig (ignore duplicates)", as: 'A', method: 'POST', path: `${R}/gigs?on_conflict=id`, headers: ignore, body: gig({ id: '{gigB}', title: 'hacked' }), status: 201, code: null, rows: 'none' },
  { name: "A on B: read B's payment by id", as: 'A', method: 'GET', path: `${R}/payments?id=eq.{payB}`, status: 200, code: null, rows: 'none' },
  { name: 'A on B: read every payment (only its own)', as: 'A', method: 'GET', path: `${R}/payments?select=id,user_id,description`, status: 200, code: null, rows: 'own' },
  { name: "A on B: read B's payments by user", as: 'A', method: 'GET', path: `${R}/payments?user_id=eq.{B}`, status: 200, code: null, rows: 'none' },
  { name: "A on B: B's payment through an embed from B's paid gig", as: 'A', method: 'GET', path: `${R}/gigs?select=id,payments(*)&id=eq.{paidGigB}`, status: 200, code: null, rows: 'embedNull' },
  { name: "A on B: B's payment through an inner embed", as: 'A', method: 'GET', path: `${R}/gigs?select=id,payments!inner(id)&id=eq.{paidGigB}`, status: 200, code: null, rows: 'none' },
  { name: "A on B: B's gigs through an embed from B's payment", as: 'A', method: 'GET', path: `${R}/payments?select=id,gigs(id)&id=eq.{payB}`, status: 200, code: null, rows: 'none' },
  { name: "A on B: mark B's payment completed", as: 'A', method: 'PATCH', path: `${R}/payments?id=eq.{payB}`, body: { status: 'completed' }, status: 403, code: '42501' },
  { name: "A on B: delete B's payment", as: 'A', method: 'DELETE', path: `${R}/payments?id=eq.{payB}`, status: 403, code: '42501' },
  { name: 'A on B: insert a payment for B', as: 'A', method: 'POST', path: `${R}/payments`, body: { ...pending, user_id: '{B}' }, status: 403, code: '42501' },
  { name: "A on B: upsert over B's payment", as: 'A', method: 'POST', path: `${R}/payments?on_conflict=id`, headers: merge, body: { id: '{payB}', ...pending }, status: 403, code: '42501' },
  { name: "A on B: read B's audit rows", as: 'A', method: 'GET', path: `${R}/audit_logs?user_id=eq.{B}`, status: 200, code: null, rows: 'none' },
  { name: 'A on B: read the whole audit log (only its own)', as: 'A', method: 'GET', path: `${R}/audit_logs?select=user_id,details`, status: 200, code: null, rows: 'own' },
  { name: "A on B: rewrite B's audit rows", as: 'A', method: 'PATCH', path: `${R}/audit_logs?user_id=eq.{B}`, body: { details: {} }, status: 403, code: '42501' },

  // ── forged and misused credentials on /rest/v1 ──────────────────────────────────────────────
  { name: 'alg none claiming service_role: read payments', as: 'bearer:algNoneServiceRole', method: 'GET', path: `${R}/payments`, status: 401, code: 'PGRST301' },
  { name: "alg none with A's claims: update A's profile", as: 'bearer:algNoneOwnClaims', method: 'PATCH', path: `${R}/profiles?id=eq.{A}`, body: { bio: 'x' }, status: 401, code: 'PGRST301' },
  { name: "signed with another key: insert a gig", as: 'bearer:anotherKey', method: 'POST', path: `${R}/gigs`, body: gig(), status: 401, code: 'PGRST301' },
  { name: "role edited to service_role, re-signed with a wrong key: delete B's gig", as: 'bearer:serviceRoleWrongKey', method: 'DELETE', path: `${R}/gigs?id=eq.{gigB}`, status: 401, code: 'PGRST301' },
  { name: 'role edited to service_role, signature kept: read the audit log', as: 'bearer:serviceRoleSignatureKept', method: 'GET', path: `${R}/audit_logs`, status: 401, code: 'PGRST301' },
  { name: "role edited to service_role, signature kept: upsert over B's payment", as: 'bearer:serviceRoleSignatureKept', method: 'POST', path: `${R}/payments?on_conflict=id`, headers: merge, body: { id: '{payB}', ...pending }, status: 401, code: 'PGRST301' },
  { name: "sub edited to B, signature kept: update B's profile", as: 'bearer:subOfOtherSignatureKept', method: 'PATCH', path: `${R}/profiles?id=eq.{B}`, body: { bio: 'x' }, status: 401, code: 'PGRST301' },
  { name: "sub edited to B, signature kept: read B's payments", as: 'bearer:subOfOtherSignatureKept', method: 'GET', path: `${R}/payments?user_id=eq.{B}`, status: 401, code: 'PGRST301' },
  { name: 'HS512 with the project key (algorithm confusion): read payments', as: 'bearer:hs512ProjectKey', method: 'GET', path: `${R}/payments`, status: 401, code: 'PGRST301' },
  { name: 'RS256 header over an HMAC of the project key: read payments', as: 'bearer:rs256HeaderOverHmac', method: 'GET', path: `${R}/payments`, status: 401, code: 'PGRST301' },
  { name: "an attacker's kid/jku: rpc create_paid_gig", as: 'bearer:attackerKidJku', method: 'POST', path: `${R}/rpc/create_paid_gig`, body: { p_title: 'T', p_description: 'D' }, status: 401, code: 'PGRST301' },
  { name: 'expired: rpc create_paid_gig', as: 'bearer:expired', method: 'POST', path: `${R}/rpc/create_paid_gig`, body: { p_title: 'T', p_description: 'D' }, status: 401, code: 'PGRST303' },
  { name: 'expired: read own payments', as: 'bearer:expired', method: 'GET', path: `${R}/payments`, status: 401, code: 'PGRST303' },
  { name: 'not yet valid (nbf ahead): read gigs', as: 'bearer:notYetValid', method: 'GET', path: `${R}/gigs`, status: 401, code: 'PGRST303' },
  { name: 'two-part token: insert a gig', as: 'bearer:twoParts', method: 'POST', path: `${R}/gigs`, body: gig(), status: 401, code: 'PGRST301' },
  { name: 'not a JWT: read gigs', as: 'bearer:garbage', method: 'GET', path: `${R}/gigs`, status: 401, code: 'PGRST301' },
  { name: "Basic auth with A's password: update A's profile", as: 'basic', method: 'PATCH', path: `${R}/profiles?id=eq.{A}`, body: { bio: 'x' }, status: 401, code: 'PGRST301' },
  { name: 'PUT with a forged token is refused before anything else', as: 'bearer:serviceRoleWrongKey', method: 'PUT', path: `${R}/gigs?id=eq.{gigB}`, body: gig({ id: '{gigB}' }), status: 401, code: 'PGRST301' },
  { name: 'a forged token on an unknown path is refused before the 404', as: 'bearer:algNoneServiceRole', method: 'GET', path: `${R}/gigs/extra/segments`, status: 401, code: 'PGRST301' },
  { name: 'a forged token with an empty Content-Type is refused before the body is read', as: 'bearer:anotherKey', method: 'POST', path: `${R}/gigs`, headers: { 'content-type': '' }, body: 'null', status: 401, code: 'PGRST301' },
  { name: 'a forged token asking for the auth schema is refused before the 406', as: 'bearer:serviceRoleSignatureKept', method: 'GET', path: `${R}/users`, headers: { 'accept-profile': 'auth' }, status: 401, code: 'PGRST301' },
  { name: 'the anon key as a user token: insert a gig', as: 'anonAsUser', method: 'POST', path: `${R}/gigs`, body: gig(), status: 401, code: '42501' },
  { name: 'the anon key as a user token: rpc create_paid_gig', as: 'anonAsUser', method: 'POST', path: `${R}/rpc/create_paid_gig`, body: { p_title: 'T', p_description: 'D' }, status: 401, code: '42501' },
  { name: 'the anon key as a user token: read payments', as: 'anonAsUser', method: 'GET', path: `${R}/payments`, status: 401, code: '42501' },
  { name: 'service_role key made with alg none, as apikey: read payments', as: 'apikey:algNoneServiceKey', method: 'GET', path: `${R}/payments`, status: 401, code: 'PGRST301' },
  { name: 'anon key edited to service_role (signature kept), as apikey: read the audit log', as: 'apikey:anonKeyEditedToServiceRole', method: 'GET', path: `${R}/audit_logs`, status: 401, code: 'PGRST301' },
  { name: "service_role key signed with another secret, as apikey: delete B's gig", as: 'apikey:serviceKeyWrongSecret', method: 'DELETE', path: `${R}/gigs?id=eq.{gigB}`, status: 401, code: 'PGRST301' },
  { name: 'an expired anon key as apikey: read gigs', as: 'apikey:expiredAnonKey', method: 'GET', path: `${R}/gigs`, status: 401, code: 'PGRST301' },
  { name: "A's access token as apikey: read payments", as: 'apikey:userAccessToken', method: 'GET', path: `${R}/payments`, status: 401, code: 'PGRST301' },
  { name: "a forged service apikey with A's real token: mark B's payment completed", as: 'apikeyA:anonKeyEditedToServiceRole', method: 'PATCH', path: `${R}/payments?id=eq.{payB}`, body: { status: 'completed' }, status: 401, code: 'PGRST301' },
  { name: "A's token without an apikey: read payments", as: 'noApikeyA', method: 'GET', path: `${R}/payments`, status: 401, code: 'PGRST301' },

  // ── /auth/v1 with forged tokens ─────────────────────────────────────────────────────────────
  { name: 'GET /user without a token', as: 'visitor', method: 'GET', path: '/auth/v1/user', status: 401, code: 'no_authorization' },
  { name: 'GET /user with alg none', as: 'bearer:algNoneOwnClaims', method: 'GET', path: '/auth/v1/user', status: 403, code: 'bad_jwt' },
  { name: 'GET /user as B (sub edited, signature kept)', as: 'bearer:subOfOtherSignatureKept', method: 'GET', path: '/auth/v1/user', status: 403, code: 'bad_jwt' },
  { name: 'GET /user with the anon key', as: 'anonAsUser', method: 'GET', path: '/auth/v1/user', status: 403, code: 'bad_jwt' },
  { name: 'GET /user with the service_role key', as: 'serviceAsUser', method: 'GET', path: '/auth/v1/user', status: 403, code: 'bad_jwt' },
  { name: 'GET /user with a session that does not exist', as: 'endedSession', method: 'GET', path: '/auth/v1/user', status: 403, code: 'session_not_found' },
  { name: 'PUT /user with another key (set a password)', as: 'bearer:anotherKey', method: 'PUT', path: '/auth/v1/user', body: { password: 'taken-over-1' }, status: 403, code: 'bad_jwt' },
  { name: "PUT /user as B (sub edited): B's email", as: 'bearer:subOfOtherSignatureKept', method: 'PUT', path: '/auth/v1/user', body: { email: 'attacker@example.com' }, status: 403, code: 'bad_jwt' },
  { name: 'PUT /user expired', as: 'bearer:expired', method: 'PUT', path: '/auth/v1/user', body: { data: { role: 'admin' } }, status: 403, code: 'bad_jwt' },
  { name: 'PUT /user without a token', as: 'visitor', method: 'PUT', path: '/auth/v1/user', body: { data: { x: 1 } }, status: 401, code: 'no_authorization' },
  { name: 'PUT /user with a session that does not exist', as: 'endedSession', method: 'PUT', path: '/auth/v1/user', body: { data: { x: 1 } }, status: 403, code: 'session_not_found' },
  { name: "POST /logout as B (sub edited) ends nobody's session", as: 'bearer:subOfOtherSignatureKept', method: 'POST', path: '/auth/v1/logout?scope=global', status: 403, code: 'bad_jwt' },
  { name: 'POST /logout with the service_role key re-signed wrongly', as: 'bearer:serviceRoleWrongKey', method: 'POST', path: '/auth/v1/logout', status: 403, code: 'bad_jwt' },
  { name: 'POST /logout with the anon key', as: 'anonAsUser', method: 'POST', path: '/auth/v1/logout', status: 403, code: 'bad_jwt' },
  { name: 'POST /logout without a token', as: 'visitor', method: 'POST', path: '/auth/v1/logout', status: 401, code: 'no_authorization' },
  { name: 'POST /logout with a forged token and a bad scope is refused for the token first', as: 'bearer:anotherKey', method: 'POST', path: '/auth/v1/logout?scope=everyone', status: 403, code: 'bad_jwt' },
  { name: 'POST /factors with HS512', as: 'bearer:hs512ProjectKey', method: 'POST', path: '/auth/v1/factors', body: { factor_type: 'totp' }, status: 403, code: 'bad_jwt' },
  { name: 'POST /factors expired', as: 'bearer:expired', method: 'POST', path: '/auth/v1/factors', body: { factor_type: 'totp' }, status: 403, code: 'bad_jwt' },
  { name: "POST /factors/{B's}/challenge as B (signature kept)", as: 'bearer:subOfOtherSignatureKept', method: 'POST', path: '/auth/v1/factors/{factorB}/challenge', body: {}, status: 403, code: 'bad_jwt' },
  { name: "POST /factors/{B's}/verify with alg none", as: 'bearer:algNoneServiceRole', method: 'POST', path: '/auth/v1/factors/{factorB}/verify', body: { challenge_id: '{challengeB}', code: '123456' }, status: 403, code: 'bad_jwt' },
  { name: "DELETE /factors/{B's} with the anon key", as: 'anonAsUser', method: 'DELETE', path: '/auth/v1/factors/{factorB}', status: 403, code: 'bad_jwt' },
  { name: "DELETE /factors/{B's} without a token", as: 'visitor', method: 'DELETE', path: '/auth/v1/factors/{factorB}', status: 401, code: 'no_authorization' },
  { name: "DELETE /user/identities/{B's} with another key", as: 'bearer:anotherKey', method: 'DELETE', path: '/auth/v1/user/identities/{identityB}', status: 403, code: 'bad_jwt' },
  { name: 'GET /user/identities/authorize not yet valid', as: 'bearer:notYetValid', method: 'GET', path: '/auth/v1/user/identities/authorize?provider=github', status: 403, code: 'bad_jwt' },
  { name: 'GET /user/identities/authorize without a token', as: 'visitor', method: 'GET', path: '/auth/v1/user/identities/authorize?provider=github', status: 401, code: 'no_authorization' },

  // ── /auth/v1: A against B's factor and identity, grants with stolen-looking material ──────────
  { name: "A challenges B's factor", as: 'A', method: 'POST', path: '/auth/v1/factors/{factorB}/challenge', body: {}, status: 404, code: 'mfa_factor_not_found' },
  { name: "A verifies B's challenge", as: 'A', method: 'POST', path: '/auth/v1/factors/{factorB}/verify', body: { challenge_id: '{challengeB}', code: '123456' }, status: 404, code: 'mfa_factor_not_found' },
  { name: "A unenrols B's factor", as: 'A', method: 'DELETE', path: '/auth/v1/factors/{factorB}', status: 404, code: 'mfa_factor_not_found' },
  { name: "A unlinks B's identity", as: 'A', method: 'DELETE', path: '/auth/v1/user/identities/{identityB}', status: 404, code: 'identity_not_found' },
  { name: "B's password guessed wrong", as: 'visitor', method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email: 'victim-b@example.com', password: 'guess-123' }, status: 400, code: 'invalid_credentials' },
  { name: "A's access token as a refresh token", as: 'visitor', method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', body: { refresh_token: '__A_ACCESS__' }, status: 400, code: 'refresh_token_not_found' },
  { name: 'a made-up PKCE auth code', as: 'visitor', method: 'POST', path: '/auth/v1/token?grant_type=pkce', body: { auth_code: '00000000-0000-4000-8000-000000000000', code_verifier: 'x'.repeat(43) }, status: 404, code: 'flow_state_not_found' },

  // ── /auth/v1/admin (GoTrue's admin API) ─────────────────────────────────────────────────────
  { name: 'admin: list users without a token', as: 'visitor', method: 'GET', path: '/auth/v1/admin/users', status: 401, code: 'no_authorization' },
  { name: "admin: list users with A's token", as: 'A', method: 'GET', path: '/auth/v1/admin/users', status: 403, code: 'not_admin' },
  { name: 'admin: list users with the anon key', as: 'anonAsUser', method: 'GET', path: '/auth/v1/admin/users', status: 403, code: 'not_admin' },
  { name: 'admin: delete B with service_role re-signed wrongly', as: 'bearer:serviceRoleWrongKey', method: 'DELETE', path: '/auth/v1/admin/users/{B}', status: 403, code: 'bad_jwt' },
  { name: "admin: update B with A's token edited to service_role", as: 'bearer:serviceRoleSignatureKept', method: 'PUT', path: '/auth/v1/admin/users/{B}', body: { password: 'taken-over-1' }, status: 403, code: 'bad_jwt' },
  { name: 'admin: generate a link with alg none', as: 'bearer:algNoneServiceRole', method: 'POST', path: '/auth/v1/admin/generate_link', body: { type: 'magiclink', email: 'victim-b@example.com' }, status: 403, code: 'bad_jwt' },
  { name: "admin: generate B's recovery link with A's token", as: 'A', method: 'POST', path: '/auth/v1/admin/generate_link', body: { type: 'recovery', email: 'victim-b@example.com' }, status: 403, code: 'not_admin' },
  { name: 'admin: generate a link with an attacker kid/jku', as: 'bearer:attackerKidJku', method: 'POST', path: '/auth/v1/admin/generate_link', body: { type: 'magiclink', email: 'victim-b@example.com' }, status: 403, code: 'bad_jwt' },
  { name: 'admin: invite with the anon key', as: 'anonAsUser', method: 'POST', path: '/auth/v1/invite', body: { email: 'invited-by-anon@example.com' }, status: 403, code: 'not_admin' },
  { name: 'admin: invite without a token', as: 'visitor', method: 'POST', path: '/auth/v1/invite', body: { email: 'invited-by-nobody@example.com' }, status: 401, code: 'no_authorization' },
  { name: "admin: get B with A's token", as: 'A', method: 'GET', path: '/auth/v1/admin/users/{B}', status: 403, code: 'not_admin' },
  { name: 'admin: create a user with an RS256 header over HMAC', as: 'bearer:rs256HeaderOverHmac', method: 'POST', path: '/auth/v1/admin/users', body: { email: 'made-by-forger@example.com', email_confirm: true }, status: 403, code: 'bad_jwt' },
  { name: "admin: list B's factors with A's token", as: 'A', method: 'GET', path: '/auth/v1/admin/users/{B}/factors', status: 403, code: 'not_admin' },
  { name: "admin: delete B's factor with the anon key", as: 'anonAsUser', method: 'DELETE', path: '/auth/v1/admin/users/{B}/factors/{factorB}', status: 403, code: 'not_admin' },
  { name: "admin: read the audit trail with A's token", as: 'A', method: 'GET', path: '/auth/v1/admin/audit', status: 403, code: 'not_admin' },
  { name: 'admin: an unknown admin path with HS512', as: 'bearer:hs512ProjectKey', method: 'GET', path: '/auth/v1/admin/oauth/clients', status: 403, code: 'bad_jwt' },

  // ── /auth/v1: passwordless, anonymous, what is switched off ─────────────────────────────────
  { name: "a guessed email code for B's address", as: 'visitor', method: 'POST', path: '/auth/v1/verify', body: { email: 'victim-b@example.com', token: '123456', type: 'email' }, status: 403, code: 'otp_expired' },
  { name: "a guessed magic-link token for B's address", as: 'visitor', method: 'POST', path: '/auth/v1/verify', body: { token_hash: 'a'.repeat(56), type: 'magiclink' }, status: 403, code: 'otp_expired' },
  { name: 'an OTP sign-in that would create an account, refused', as: 'visitor', method: 'POST', path: '/auth/v1/otp', body: { email: 'nobody-yet@example.com', create_user: false }, status: 422, code: 'otp_disabled' },
  { name: 'an anonymous sign-in while switched off', as: 'visitor', method: 'POST', path: '/auth/v1/signup', body: {}, status: 422, code: 'anonymous_provider_disabled' },
  { name: 'SSO while SAML is off', as: 'A', method: 'POST', path: '/auth/v1/sso', body: { domain: 'example.com' }, status: 404, code: 'saml_provider_disabled' },
];

describe('access control under attack', () => {
  it('has at least 60 scenarios, each named once', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(60);
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    if (s.body && JSON.stringify(s.body).includes('__A_ACCESS__')) s = { ...s, body: JSON.parse(JSON.stringify(s.body).replace('__A_ACCESS__', A.access)) };
    const before = await fingerprint(be);
    const answer = await run(s);
    const got = { status: answer.status, code: s.code === null ? null : errorCode(answer) ?? null };
    expect(got, answer.text.slice(0, 500)).toEqual({ status: s.status, code: s.code });
    if (s.rows) {
      const rows = answer.json as Record<string, unknown>[];
      expect(Array.isArray(rows)).toBe(true);
      if (s.rows === 'none') expect(rows).toEqual([]);
      if (s.rows === 'own') {
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.user_id === A.id)).toBe(true);
      }
      if (s.rows === 'embedNull') expect(rows).toEqual([{ id: ids.paidGigB, payments: null }]);
    }
    // Refused means refused: not one row of the app or auth tables changed.
    expect(await fingerprint(be)).toBe(before);
  });
});

describe('the same calls with the real credentials succeed (the refusals above are specific)', () => {
  it('A reads and changes its own things; the service_role key reads everything', async () => {
    const asA = (method: string, path: string, body?: unknown) => send(be, { method, path, bearer: A.access, headers: representation, body });
    expect((await asA('GET', '/auth/v1/user')).status).toBe(200);
    expect((await asA('GET', `${R}/payments?id=eq.${ids.payA}`)).json).toEqual([expect.objectContaining({ id: ids.payA })]);
    expect((await asA('PATCH', `${R}/profiles?id=eq.${A.id}&select=id,bio`, { bio: 'real' })).json).toEqual([expect.objectContaining({ id: A.id, bio: 'real' })]);
    expect((await asA('PATCH', `${R}/gigs?id=eq.${ids.gigA}`, { title: 'A gig, edited' })).status).toBe(200);
    expect((await asA('POST', `${R}/rpc/create_paid_gig`, { p_title: 'A paid', p_description: 'D' })).status).toBe(200);
    const service = await send(be, { path: `${R}/payments?select=id`, apikey: be.config.SERVICE_ROLE_KEY, bearer: be.config.SERVICE_ROLE_KEY });
    expect((service.json as unknown[]).length).toBeGreaterThanOrEqual(4);
    const admin = await send(be, { path: '/auth/v1/admin/users', bearer: be.config.SERVICE_ROLE_KEY });
    expect(admin.status).toBe(200);
    expect((admin.json as { users: { id: string }[] }).users.map((u) => u.id)).toEqual(expect.arrayContaining([A.id, B.id]));
    // None of the refused admin calls above did anything: the audit trail holds only this list.
    const audit = await send(be, { path: '/auth/v1/admin/audit', bearer: be.config.SERVICE_ROLE_KEY });
    expect((audit.json as { payload: { action: string; actor_username: string } }[]).map((e) => `${e.payload.actor_username}:${e.payload.action}`)).toEqual(['service_role:users_listed']);
    // B's session survived every forged logout above.
    expect((await send(be, { path: '/auth/v1/user', bearer: B.access })).status).toBe(200);
  });
});

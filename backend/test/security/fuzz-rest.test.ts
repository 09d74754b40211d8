/**
 * Property-based fuzzing of /rest/v1 (fast-check) over real HTTP: query strings on every table,
 * SQL injection through every part of a request, headers and methods, write bodies, rpc calls —
 * as a visitor, as user A, with forged credentials (and the service_role key for reads).
 *
 * For every case (fuzz-support.ts): an answer below 500 within the timeout; no canary the caller may
 * not read (B's payment, A's payment for anyone but A, the vault, a password hash); B's rows, the
 * rows that existed before, the vault and the list of tables unchanged — and after a read (every
 * GET/HEAD, injection included) every row of the app and auth tables unchanged. Forged credentials get
 * 401, a visitor's writes and reads of payments/audit_logs are refused. After each property the
 * $600-path business rules still hold and the backend still answers /health.
 *
 * Budget: FUZZ_RUNS (fuzz-support.ts); `pnpm fuzz` runs the long version.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import {
  INJECTIONS, REQUEST_TIMEOUT_MS, assertNoLeak, businessRulesHold, canary, check, createVault, noteStatus, hostileJson, hostileString, pct, segment, summary, timeoutFor,
  victimFingerprint, type PropertyName,
} from './fuzz-support';
import { costlyPairs } from './fuzz-cost';
import { fingerprint, forgedTokens, send, signUp, type Account, type Answer } from './helpers';

const PROPERTIES: PropertyName[] = ['rest: query strings', 'rest: costly shapes', 'rest: SQL injection', 'rest: headers and methods', 'rest: write bodies', 'rest: rpc'];

let be: TestBackend;
let A: Account;
let B: Account;
let forged: Awaited<ReturnType<typeof forgedTokens>>;
let auditUpTo = 0;
let victim = '';
const c = { payA: '', payB: '', vault: '' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
  A = await signUp(be, 'fuzz-a@example.com');
  B = await signUp(be, 'fuzz-b@example.com', 'victim-password', { full_name: 'Victim B' });
  forged = await forgedTokens(be, A.access, B);
  c.payA = canary('payA');
  c.payB = canary('payB');
  c.vault = await createVault(be);
  const as = async (acc: Account, path: string, body: unknown) => {
    const a = await send(be, { method: 'POST', path, bearer: acc.access, headers: { prefer: 'return=representation' }, body });
    if (a.status >= 300) throw new Error(`setup ${path}: ${a.status} ${a.text}`);
    return a.json as Record<string, string> & Record<string, string>[];
  };
  const gig = { description: 'Work', payment_type: 'hourly', rate: 30, hours: 2, location: 'remote', skills: ['a', 'b'] };
  ids.gigA = (await as(A, '/rest/v1/gigs', { ...gig, title: 'A gig' }))[0]!.id!;
  ids.gigB = (await as(B, '/rest/v1/gigs', { ...gig, title: 'B gig' }))[0]!.id!;
  ids.paidGigB = (await as(B, '/rest/v1/rpc/create_paid_gig', { p_title: 'B paid gig', p_description: 'Paid' })).id!;
  ids.payB = (await as(B, '/rest/v1/rpc/record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending', p_description: c.payB, p_metadata: { note: c.payB } })).id!;
  ids.payA = (await as(A, '/rest/v1/rpc/record_payment', { p_amount: 41, p_payment_method: 'paypal', p_status: 'pending', p_description: c.payA })).id!;
  ids.A = A.id;
  ids.B = B.id;
  auditUpTo = Number((await be.db.transaction((tx) => tx.query<{ n: string }>('select coalesce(max(id), 0)::text as n from public.audit_logs'))).rows[0]!.n);
  victim = await victimFingerprint(be, B.id, auditUpTo);
});

afterAll(async () => {
  console.log(summary('fuzz-rest', PROPERTIES));
  await be?.close();
});

// ── callers ───────────────────────────────────────────────────────────────────────────────────

type Kind = 'visitor' | 'visitorSdk' | 'A' | 'service' | 'forged';
interface Caller {
  kind: Kind;
  label: string;
  apikey: string | null;
  bearer: string | null;
}

function caller(kind: Kind, pick = 0): Caller {
  const anon = be.config.ANON_KEY;
  if (kind === 'visitor') return { kind, label: kind, apikey: anon, bearer: null };
  if (kind === 'visitorSdk') return { kind, label: kind, apikey: anon, bearer: anon };
  if (kind === 'A') return { kind, label: kind, apikey: anon, bearer: A.access };
  if (kind === 'service') return { kind, label: kind, apikey: be.config.SERVICE_ROLE_KEY, bearer: be.config.SERVICE_ROLE_KEY };
  const bearers = Object.entries(forged.bearer);
  const apikeys = Object.entries(forged.apikey);
  const all: [string, string | null, string | null][] = [
    ...bearers.map(([n, t]): [string, string | null, string | null] => [`bearer ${n}`, anon, t]),
    ...apikeys.map(([n, t]): [string, string | null, string | null] => [`apikey ${n}`, t, null]),
    ['no apikey', null, A.access],
  ];
  const [label, apikey, bearer] = all[pick % all.length]!;
  return { kind, label, apikey, bearer };
}

const callerArb = (kinds: Kind[]) => fc.tuple(fc.constantFrom(...kinds), fc.nat(100)).map(([k, n]) => caller(k, n));

/** What a caller may never see. */
function forbiddenFor(who: Caller): string[] {
  const always = [c.payB, c.vault, '$argon2'];
  if (who.kind === 'A' || who.kind === 'service') return who.kind === 'service' ? [c.vault, '$argon2'] : always;
  return [...always, c.payA];
}

const query = (pairs: [string, string][]) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');

/** The checks every case passes. */
const RULES_HOLD = { fees_without_payment: 0, paid_gig_not_600: 0, completed_without_gig: 0, payment_without_audit: 0 };

async function expectSafe(a: Answer, who: Caller, context: string, options: { readOnly?: boolean } = {}): Promise<void> {
  noteStatus(a.status);
  if (!options.readOnly && a.status < 300) expect(await businessRulesHold(be), `the $600 rules broke after ${who.label}: ${context}`).toEqual(RULES_HOLD);
  expect(a.status, `${context} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  assertNoLeak(`${a.text}\n${[...a.headers.entries()].join('\n')}`, forbiddenFor(who), `${who.label}: ${context}`);
  if (who.kind === 'forged') {
    expect(a.status, `forged credentials (${who.label}) not refused: ${context} → ${a.text.slice(0, 200)}`).toBe(401);
    if (a.text) expect(['PGRST301', 'PGRST303'], context).toContain((a.json as { code?: string } | undefined)?.code);
  }
  if (!options.readOnly || who.kind !== 'service') expect(await victimFingerprint(be, B.id, auditUpTo), `B's rows changed after ${who.label}: ${context}`).toBe(victim);
}

async function healthy(): Promise<void> {
  const health = await send(be, { path: '/health' });
  expect(health.status, `/health: ${health.text}`).toBe(200);
  expect(await businessRulesHold(be)).toEqual(RULES_HOLD);
}

// ── the vocabulary of requests ────────────────────────────────────────────────────────────────

const TABLES = ['profiles', 'gigs', 'payments', 'audit_logs'] as const;
const HIDDEN = ['users', 'sessions', 'refresh_tokens', 'identities', 'mfa_factors', 'vault', 'canary.vault', 'pg_authid', 'auth.users', 'rpc'];
const COLUMNS: Record<string, string[]> = {
  profiles: ['id', 'username', 'avatar_url', 'full_name', 'title', 'bio', 'skills', 'hourly_rate', 'hours_per_week', 'preferred_hours', 'timezone', 'experience', 'portfolio', 'contact_email', 'contact_phone', 'linkedin_url', 'github_url', 'created_at', 'updated_at'],
  gigs: ['id', 'user_id', 'title', 'description', 'payment_type', 'rate', 'hours', 'location', 'skills', 'worker_rate', 'platform_fee', 'payment_id', 'status', 'created_at'],
  payments: ['id', 'amount', 'status', 'payment_method', 'description', 'user_id', 'metadata', 'created_at'],
  audit_logs: ['id', 'operation', 'table_name', 'details', 'user_id', 'created_at'],
};
const SECRET_COLUMNS = ['encrypted_password', 'email', 'raw_user_meta_data', 'secret', 'token_hash', 'role', 'aud', 'password'];
const ALL_COLUMNS = [...new Set(Object.values(COLUMNS).flat()), ...SECRET_COLUMNS];
const OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts'];
const CASTS = ['text', 'int', 'bigint', 'numeric', 'uuid', 'date', 'jsonb', 'json', 'tsvector', 'tsquery', 'xml', 'unknown', 'regclass', 'text[]', 'record', 'void', 'bytea'];

const idArb = fc.constantFrom(() => ids.A!, () => ids.B!, () => ids.gigA!, () => ids.gigB!, () => ids.paidGigB!, () => ids.payA!, () => ids.payB!).map((f) => f());
const words = fc.oneof(fc.constantFrom('Fence', 'paint', 'A gig', 'B gig', 'Work', 'victim_b', 'fuzz', 'Victim B', 'remote'), fc.stringMatching(/^[A-Za-z ]{1,12}$/));
const num = fc.oneof(fc.constantFrom(0, 1, 30, 40, 600, 570, -1, 1.5), fc.integer({ min: -10, max: 2000 }));
const date = fc.constantFrom('2024-04-08', '2024-04-08T00:00:00Z', '2999-01-01', 'now', 'infinity', 'yesterday');
/** Plausible values per column (so a good share of cases reach the database), hostile ones mixed in. */
const TYPED: Record<string, fc.Arbitrary<unknown>> = {
  id: idArb, user_id: idArb, payment_id: idArb,
  title: words, description: words, full_name: words, bio: words, username: words, avatar_url: words, timezone: words, contact_email: words, contact_phone: words, linkedin_url: words, github_url: words, table_name: fc.constantFrom('gigs', 'payments', 'profiles'),
  rate: num, amount: num, hourly_rate: num, hours: num, worker_rate: num, platform_fee: num, hours_per_week: num,
  payment_type: fc.constantFrom('hourly', 'fixed'), location: fc.constantFrom('remote', 'onsite', 'hybrid'), status: fc.constantFrom('active', 'pending', 'completed'),
  payment_method: fc.constantFrom('paypal', 'card'), operation: fc.constantFrom('INSERT', 'UPDATE', 'DELETE'),
  skills: fc.array(words, { maxLength: 3 }), preferred_hours: fc.array(words, { maxLength: 2 }), portfolio: fc.array(words, { maxLength: 2 }),
  experience: fc.array(fc.record({ title: words, company: words }), { maxLength: 2 }), metadata: fc.dictionary(words, words, { maxKeys: 2 }), details: fc.dictionary(words, words, { maxKeys: 2 }),
  created_at: date, updated_at: date,
};
const jsonFor = (field: string): fc.Arbitrary<unknown> => {
  const name = field.replace(/^"|"$/g, '').split('->')[0]!;
  // Own keys only: a generated name such as "constructor" must not find Object.prototype's.
  const typed = Object.hasOwn(TYPED, name) ? TYPED[name] : undefined;
  return typed ? fc.oneof({ weight: 5, arbitrary: typed }, { weight: 1, arbitrary: hostileJson }) : hostileJson;
};
const textFor = (field: string): fc.Arbitrary<string> => jsonFor(field).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'null'));
const quoteItem = (v: string) => (/[,()"{}\s]/.test(v) ? `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : v);
const jsonText = hostileJson.map((v) => JSON.stringify(v) ?? 'null');

const JSON_COLUMNS: Record<string, string> = { profiles: 'experience', payments: 'metadata', audit_logs: 'details', gigs: 'skills' };
const fieldArb = (table?: string) => {
  const cols = table && COLUMNS[table] ? COLUMNS[table]! : ALL_COLUMNS;
  const jsonCol = (table && JSON_COLUMNS[table]) || 'experience';
  return fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...cols) },
    { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom('->', '->>'), fc.oneof(fc.constantFrom('0', '1', 'title', 'company', 'note', 'description', 'payment_id', '-1'), hostileString)), { minLength: 1, maxLength: 3 }).map((path) => jsonCol + path.map(([op, k]) => `${op}${k}`).join('')) },
    { weight: 1, arbitrary: fc.constantFrom(...SECRET_COLUMNS) },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileString.map((x) => `"${x}"`) },
  );
};

const valueFor = (op: string, field: string): fc.Arbitrary<string> => {
  const item = textFor(field);
  if (op === 'in') return fc.array(item.map(quoteItem), { maxLength: 4 }).map((xs) => `(${xs.join(',')})`);
  if (op === 'is') return fc.oneof(fc.constantFrom('null', 'not_null', 'true', 'false', 'unknown', 'NULL'), hostileString);
  if (['cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj'].includes(op)) {
    return fc.oneof(
      fc.array(item.map(quoteItem), { maxLength: 3 }).map((xs) => `{${xs.join(',')}}`),
      fc.array(item.map(quoteItem), { maxLength: 3 }).map((xs) => `(${xs.join(',')})`),
      jsonFor(field).map((v) => JSON.stringify(v) ?? 'null'),
      fc.constantFrom('[1,10)', '(,)', 'empty'),
      hostileString,
    );
  }
  if (op === 'match' || op === 'imatch') return fc.oneof(fc.constantFrom('^a', '.*', '(a|b)+', '[[:alpha:]]+', '\\d{2,}', 'a{1,3}b?', '(?i)x', '[', '(', '*', '\\'), hostileString);
  if (op.endsWith('fts')) return fc.oneof(fc.constantFrom('paint', 'a & b', 'a | !b', 'a <-> b', '"a b"', 'a:*', '!!', '&', '(a'), hostileString);
  if (op === 'like' || op === 'ilike') return fc.oneof(fc.constantFrom('*a*', 'a%', '%', '_', '\\', '*\\*'), item.map((v) => `*${v}*`), hostileString);
  return fc.oneof({ weight: 4, arbitrary: item }, { weight: 1, arbitrary: hostileString });
};

const opFor = (field: string) =>
  fc.tuple(fc.boolean(), fc.constantFrom(...OPS), fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('(any)', '(all)', '(english)', '(simple)', '(x)', '(0)', "(english'--)") })).chain(([not, op, mod]) =>
    valueFor(op, field).map((v) => `${not ? 'not.' : ''}${op}${mod}.${v}`),
  );

const condArb = (table?: string) => fieldArb(table).chain((f) => opFor(f).map((o) => `${f}.${o}`));
const logicArb = (table?: string): fc.Arbitrary<string> =>
  fc.letrec((tie) => ({
    tree: fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'not.and'), fc.array(fc.oneof({ depthSize: 'small' }, condArb(table), tie('tree')), { minLength: 1, maxLength: 3 })).map(([op, xs]) => `${op}(${xs.join(',')})`),
  })).tree;

/** Embeds reachable from a table (and some that are not). */
const EMBEDS: Record<string, string[]> = { profiles: ['gigs', 'saved_gigs'], gigs: ['profiles', 'payments', 'user_id', 'payment_id', 'saved_gigs'], payments: ['gigs'], audit_logs: [] };
const selectItem = (table: string, depth = 0): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom('*', 'count()', 'count') },
    // Aggregates (with input/output casts) group by the other items of their level.
    { weight: 1, arbitrary: fc.tuple(fieldArb(table), fc.constantFrom('sum', 'avg', 'min', 'max', 'count'), fc.constantFrom('', '::text', '::int', '::x')).map(([f, fn, c2]) => `${f}.${fn}()${c2}`) },
    { weight: 6, arbitrary: fieldArb(table) },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(words.map((w) => w.replace(/ /g, '_')), hostileString), fieldArb(table)).map(([a, f]) => `${a}:${f}`) },
    { weight: 1, arbitrary: fc.tuple(fieldArb(table), fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...CASTS) }, { weight: 1, arbitrary: hostileString })).map(([f, t]) => `${f}::${t}`) },
    {
      weight: depth < 2 ? 3 : 0,
      arbitrary: fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(EMBEDS[table]?.length ? EMBEDS[table]! : ['gigs'])) }, { weight: 1, arbitrary: fc.constantFrom(...TABLES, 'users', 'sessions', 'vault') }),
        fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 2, arbitrary: fc.constantFrom('!inner', '!left', '!gigs_user_id_fkey', '!payment_id', '!x', '!saved_gigs', '!user_id') }, { weight: 1, arbitrary: hostileString.map((h) => `!${h}`) }),
              fc.constantFrom('', '', '', '...'), // spreads, to-one and to-many
      ).chain(([t, hint, spread]) => fc.array(selectItem(t === 'user_id' ? 'profiles' : t === 'payment_id' ? 'payments' : t, depth + 1), { maxLength: 3 }).map((items) => `${spread}${t}${hint}(${items.join(',')})`)),
    },
  );
const selectArb = (table = 'gigs') => fc.array(selectItem(table), { minLength: 1, maxLength: 4 }).map((xs) => xs.join(','));

/** An embed of `table` (or a name that is not one), for related orders and null filters on embeds. */
const embedName = (table: string) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(EMBEDS[table]?.length ? EMBEDS[table]! : ['gigs'])) }, { weight: 1, arbitrary: fc.constantFrom(...TABLES, 'x') });
// Terms: a column, or `embed(column)` (the parents ordered by a column of a to-one embed).
const orderTerm = (table: string) => fc.oneof({ weight: 4, arbitrary: fieldArb(table) }, { weight: 1, arbitrary: fc.tuple(embedName(table), fieldArb()).map(([e, f]) => `${e}(${f})`) });
const orderArb = (table = 'gigs') => fc.array(fc.tuple(orderTerm(table), fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.sideways')).map(([f, m]) => f + m), { minLength: 1, maxLength: 3 }).map((xs) => xs.join(','));

const pairArb = (table: string): fc.Arbitrary<[string, string]> =>
  fc.oneof(
    { weight: 6, arbitrary: fieldArb(table).chain((f) => opFor(f).map((o): [string, string] => [f, o])) },
    { weight: 1, arbitrary: fc.constantFrom(...(EMBEDS[table]?.length ? EMBEDS[table]! : ['gigs'])).chain((e) => fieldArb(e === 'user_id' ? 'profiles' : e === 'payment_id' ? 'payments' : e).chain((f) => opFor(f).map((o): [string, string] => [`${e}.${f}`, o]))) },
    { weight: 2, arbitrary: logicArb(table).map((t): [string, string] => { const m = /^(not\.)?(or|and)(\(.*\))$/s.exec(t)!; return [`${m[1] ?? ''}${m[2]}`, m[3]!]; }) },
    { weight: 3, arbitrary: selectArb(table).map((x): [string, string] => ['select', x]) },
    { weight: 2, arbitrary: orderArb(table).map((o): [string, string] => ['order', o]) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('limit', 'offset', 'gigs.limit', 'payments.order', 'profiles.offset'), fc.oneof(fc.nat(1000).map(String), hostileString)) },
    // Null filters on embeds (`rel=not.is.null`), alone or in a logic tree with a column.
    { weight: 1, arbitrary: fc.tuple(embedName(table), fc.constantFrom('is.null', 'not.is.null', 'is.not_null', 'eq.1')).map(([e, v]): [string, string] => [e, v]) },
    { weight: 1, arbitrary: fc.tuple(embedName(table), condArb(table)).map(([e, c2]): [string, string] => ['or', `(${e}.not.is.null,${c2})`]) },
    { weight: 1, arbitrary: fc.tuple(hostileString, hostileString) },
  );

const preferArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('count=exact', 'count=planned', 'count=estimated', 'return=representation', 'count=exact, return=minimal', 'handling=strict, count=exact', 'handling=strict, foo', 'tx=rollback', 'handling=strict, tx=rollback', 'timezone=UTC'),
  hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);
/** Accept headers: served, not served (406), with parameters and qualities. */
const ACCEPTS = [
  'application/json', 'application/vnd.pgrst.object+json', 'text/csv', '*/*', 'application/geo+json', 'application/vnd.pgrst.plan+json',
  'application/vnd.pgrst.array+json;nulls=stripped', 'application/vnd.pgrst.object+json;nulls=stripped', 'text/csv;q=0.5, application/json;q=0.9', 'application/json;q=0', 'text/plain', 'application/octet-stream',
];

// ── properties ────────────────────────────────────────────────────────────────────────────────

describe('/rest/v1 fuzzing', () => {
  it('query strings on every table, as every caller: no 5xx, no leak, nothing changes', { timeout: timeoutFor('rest: query strings') }, async () => {
    const arb = fc.record({
      who: callerArb(['visitor', 'visitorSdk', 'A', 'A', 'service', 'forged']),
      table: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...TABLES) }, { weight: 1, arbitrary: fc.constantFrom(...HIDDEN) }),
      head: fc.boolean(),
      prefer: preferArb,
      range: fc.oneof(fc.constant(undefined), fc.constantFrom('0-9', '5-', '10-0', 'items=0-1', 'bytes=0-1'), hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, ''))),
      accept: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constantFrom(...ACCEPTS) }, { weight: 1, arbitrary: hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')) }),
    }).chain((r) => fc.array(pairArb(r.table), { maxLength: 5 }).map((pairs) => ({ ...r, pairs })));
    await check('rest: query strings', arb, async ({ who, table, head, prefer, range, accept, pairs }) => {
      const path = `/rest/v1/${table}?${query(pairs)}`;
      const headers: Record<string, string> = {};
      if (prefer) headers.prefer = prefer;
      if (range) headers.range = range;
      if (accept) headers.accept = accept;
      const before = await fingerprint(be);
      const a = await send(be, { method: head ? 'HEAD' : 'GET', path, apikey: who.apikey, bearer: who.bearer, headers, timeoutMs: REQUEST_TIMEOUT_MS });
      if ((who.kind === 'visitor' || who.kind === 'visitorSdk') && (table === 'payments' || table === 'audit_logs')) expect(a.status, path).toBeGreaterThanOrEqual(400);
      await expectSafe(a, who, `${head ? 'HEAD' : 'GET'} ${path}`, { readOnly: true });
      // A read changes nothing at all: every row of the app and auth tables is as it was.
      expect(await fingerprint(be), `a read changed the database: ${path}`).toBe(before);
    });
    await healthy();
  });

  it('costly shapes (nested regex repeats, embed cycles, like storms, wide or/select/order, tsquery operator runs): no 5xx, no hang, nothing changes', { timeout: timeoutFor('rest: costly shapes') }, async () => {
    const arb = fc.record({
      who: callerArb(['visitor', 'A']),
      costly: fc.array(costlyPairs, { minLength: 1, maxLength: 2 }),
      pairs: fc.array(pairArb('gigs'), { maxLength: 2 }),
    });
    await check('rest: costly shapes', arb, async ({ who, costly, pairs }) => {
      const path = `/rest/v1/gigs?${query([...costly.flat(), ...pairs])}`;
      // Node's HTTP server refuses a request head over 16 KiB itself (431, then it closes the
      // socket, which a client still writing sees as a reset): not the REST layer's bounds.
      if (path.length > 15_000) return;
      const before = await fingerprint(be);
      const a = await send(be, { path, apikey: who.apikey, bearer: who.bearer, timeoutMs: REQUEST_TIMEOUT_MS });
      await expectSafe(a, who, `GET ${path}`, { readOnly: true });
      expect(await fingerprint(be), `a read changed the database: ${path}`).toBe(before);
    });
    await healthy();
  });

  it('SQL injection through every filter operator, select, order, on_conflict, columns, body keys and values, rpc arguments and headers is inert', { timeout: timeoutFor('rest: SQL injection') }, async () => {
    const payload = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) }, { weight: 1, arbitrary: hostileString });
    const where = fc.constantFrom(
      'filter value', 'in list', 'array value', 'json value', 'filter column', 'json path', 'logic tree', 'select column', 'select alias', 'select cast',
      'embed name', 'embed hint', 'order', 'limit', 'fts language', 'table', 'rpc name', 'on_conflict', 'columns', 'body key', 'body value',
      'rpc argument name', 'rpc argument value', 'rpc GET argument', 'prefer', 'range', 'accept-profile',
    );
    const arb = fc.record({ who: callerArb(['visitor', 'A']), where, p: payload, op: fc.constantFrom(...OPS), table: fc.constantFrom(...TABLES) });
    await check('rest: SQL injection', arb, async ({ who, where: w, p, op, table }) => {
      const r = `/rest/v1/${table}`;
      let call: { method: string; path: string; body?: unknown; headers?: Record<string, string> };
      const get = (pairs: [string, string][]) => ({ method: 'GET', path: `${r}?${query(pairs)}` });
      const upsert = { prefer: 'return=representation, resolution=merge-duplicates' };
      switch (w) {
        case 'filter value': call = get([['title', `${op}.${p}`]]); break;
        case 'in list': call = get([['id', `in.(${p},"${p}")`]]); break;
        case 'array value': call = get([['skills', `cs.{${p}}`]]); break;
        case 'json value': call = get([['experience', `cs.${JSON.stringify([{ title: p }])}`]]); break;
        case 'filter column': call = get([[p, `${op}.1`]]); break;
        case 'json path': call = get([['select', `experience->${p}`], [`metadata->>${p}`, 'eq.1']]); break;
        case 'logic tree': call = get([['or', `(title.eq.${p},${p}.eq.1,and(rate.${op}.${p}))`]]); break;
        case 'select column': call = get([['select', `id,${p}`]]); break;
        case 'select alias': call = get([['select', `"${p}":title,${p}:id`]]); break;
        case 'select cast': call = get([['select', `title::${p}`]]); break;
        case 'embed name': call = get([['select', `*,${p}(*)`]]); break;
        case 'embed hint': call = get([['select', `*,profiles!${p}(*)`]]); break;
        case 'order': call = get([['order', `${p},title.${p}`]]); break;
        case 'limit': call = get([['limit', p], ['offset', p]]); break;
        case 'fts language': call = get([['title', `fts(${p}).x`]]); break;
        case 'table': call = { method: 'GET', path: `/rest/v1/${segment(p)}` }; break;
        case 'rpc name': call = { method: 'POST', path: `/rest/v1/rpc/${segment(p)}`, body: {} }; break;
        case 'on_conflict': call = { method: 'POST', path: `${r}?on_conflict=${pct(p)}`, headers: upsert, body: { title: 'x', description: 'y', rate: 1, hours: 1, location: 'remote' } }; break;
        case 'columns': call = { method: 'POST', path: `${r}?columns=${pct(p)}`, body: { title: 'x' } }; break;
        case 'body key': call = { method: op.length % 2 ? 'POST' : 'PATCH', path: `${r}?id=eq.${ids.gigA}`, body: { [p]: 'x' } }; break;
        case 'body value': call = { method: 'POST', path: '/rest/v1/gigs', headers: { prefer: 'return=representation' }, body: { title: p || 'x', description: p || 'y', rate: 1, hours: 1, location: 'remote', skills: [p] } }; break;
        case 'rpc argument name': call = { method: 'POST', path: '/rest/v1/rpc/record_payment', body: { p_amount: 1, p_payment_method: 'paypal', p_status: 'pending', [p]: 1 } }; break;
        case 'rpc argument value': call = { method: 'POST', path: '/rest/v1/rpc/record_payment', body: { p_amount: p, p_payment_method: p, p_status: 'pending', p_description: p, p_metadata: { [p]: p } } }; break;
        case 'rpc GET argument': call = { method: 'GET', path: `/rest/v1/rpc/record_payment?${query([['p_amount', p], ['p_payment_method', 'paypal'], ['p_status', p]])}` }; break;
        case 'prefer': call = { method: 'POST', path: r, headers: { prefer: `return=${p}, count=${p}`.replace(/[^\x20-\x7e]/g, '') }, body: { title: 'x' } }; break;
        case 'range': call = { method: 'GET', path: r, headers: { range: p.replace(/[^\x20-\x7e]/g, '') } }; break;
        default: call = { method: 'GET', path: r, headers: { 'accept-profile': p.replace(/[^\x20-\x7e]/g, '') } }; break;
      }
      const before = call.method === 'GET' ? await fingerprint(be) : undefined;
      const t0 = performance.now();
      const a = await send(be, { ...call, apikey: who.apikey, bearer: who.bearer, timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `${w}: ${call.method} ${call.path} ${JSON.stringify(call.body ?? '')} ${JSON.stringify(call.headers ?? {})}`;
      // pg_sleep(30) in a payload would show as a slow answer if it ever ran.
      expect(performance.now() - t0, context).toBeLessThan(10_000);
      await expectSafe(a, who, context);
      // Through a read, the injection changed nothing at all (writes are bounded by expectSafe: B, the vault, the tables).
      if (before !== undefined) expect(await fingerprint(be), `the database changed: ${context}`).toBe(before);
    });
    await healthy();
  });

  it('headers and methods of every kind: no 5xx, no leak, forged credentials always 401', { timeout: timeoutFor('rest: headers and methods') }, async () => {
    const headerValue = fc.oneof(fc.constantFrom('', ' ', '*/*', 'application/json', 'text/plain', 'public', 'auth', 'Bearer', 'Bearer ', 'Basic x'), hostileString).map((s) => s.replace(/[^\x20-\x7e]/g, ''));
    const arb = fc.record({
      who: callerArb(['visitor', 'visitorSdk', 'A', 'forged', 'forged']),
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'PROPFIND', 'LOCK'),
      path: fc.oneof(fc.constantFrom(...TABLES, ...HIDDEN, 'rpc/record_payment', 'rpc/create_paid_gig', 'rpc/nope', '', 'gigs/x', 'rpc'), hostileString.map(segment)),
      headers: fc.dictionary(
        fc.constantFrom('prefer', 'accept', 'accept-profile', 'content-profile', 'content-type', 'range', 'range-unit', 'x-request-id', 'origin', 'access-control-request-method', 'x-client-info', 'x-http-method-override', 'x-forwarded-for', 'authorization', 'apikey'),
        headerValue,
        { maxKeys: 5 },
      ),
      body: fc.oneof(fc.constant(undefined), jsonText, hostileString),
    });
    await check('rest: headers and methods', arb, async ({ who, method, path, headers, body }) => {
      // A fuzzed apikey/authorization header replaces the caller's own; it is never a valid credential,
      // so the caller is then at most a visitor (the strictest set of canaries applies).
      const overridden = 'authorization' in headers || 'apikey' in headers;
      const eff: Caller = overridden ? { ...who, kind: 'visitor', label: `${who.label} (headers overridden)` } : who;
      const sendBody = method === 'GET' || method === 'HEAD' ? undefined : body;
      const a = await send(be, { method, path: `/rest/v1/${path}`, apikey: who.apikey, bearer: 'authorization' in headers ? null : who.bearer, headers, body: sendBody, timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `${method} /rest/v1/${path} ${JSON.stringify(headers)} ${String(sendBody).slice(0, 200)}`;
      if (method === 'OPTIONS' && eff.kind === 'forged') {
        expect(a.status, context).toBeLessThan(500);
        return;
      }
      await expectSafe(a, eff, context);
    });
    await healthy();
  });

  it('write bodies (insert, upsert, update, delete) of any shape: no 5xx, no leak, B untouched, a visitor never writes', { timeout: timeoutFor('rest: write bodies') }, async () => {
    const rowArb = (table: string) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.subarray(COLUMNS[table] ?? ALL_COLUMNS, { maxLength: 6 }).chain((cols) => fc.tuple(...cols.map((k) => jsonFor(k).map((v): [string, unknown] => [k, v]))).map((kv) => Object.fromEntries(kv))) },
        { weight: 1, arbitrary: fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(COLUMNS[table] ?? ALL_COLUMNS)) }, { weight: 1, arbitrary: hostileString }), hostileJson, { maxKeys: 5 }) },
      );
    const arb = fc
      .record({
        who: callerArb(['visitor', 'visitorSdk', 'A', 'A', 'A']),
        table: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...TABLES) }, { weight: 1, arbitrary: fc.constantFrom(...HIDDEN) }),
        method: fc.constantFrom('POST', 'POST', 'PATCH', 'DELETE'),
        prefer: fc.array(fc.constantFrom('return=representation', 'return=minimal', 'return=headers-only', 'resolution=merge-duplicates', 'resolution=ignore-duplicates', 'missing=default', 'count=exact', 'tx=rollback', 'handling=strict', 'max-affected=1', 'max-affected=0', 'foo'), { maxLength: 3 }).map((xs) => xs.join(', ')),
        shape: fc.constantFrom('object', 'object', 'array', 'raw'),
      })
      .chain((r) =>
        fc.record({
          filter: fc.oneof(fc.constant<[string, string][]>([]), idArb.map((id): [string, string][] => [['id', `eq.${id}`]]), pairArb(r.table).map((p) => [p])),
          extra: fc.array(fc.oneof(selectArb(r.table).map((x): [string, string] => ['select', x]), fc.constantFrom<[string, string]>(['on_conflict', 'id'], ['columns', 'title,description,rate,hours,location'], ['columns', 'id,user_id'], ['on_conflict', 'username'], ['columns', 'amount,status,payment_method'])), { maxLength: 2 }),
          rows: fc.array(rowArb(r.table), { minLength: 0, maxLength: 3 }),
          raw: fc.oneof(jsonText, hostileString, fc.constantFrom('', '{', '[]', '[1]', 'null', '{"a":', `${'['.repeat(300)}${']'.repeat(300)}`)),
        }).map((b) => ({ ...r, ...b })),
      );
    await check('rest: write bodies', arb, async ({ who, table, method, prefer, filter, extra, shape, rows, raw }) => {
      const body = method === 'DELETE' ? undefined : shape === 'raw' ? raw : shape === 'array' ? JSON.stringify(rows) : JSON.stringify(rows[0] ?? {});
      const path = `/rest/v1/${table}?${query([...filter, ...extra])}`;
      const a = await send(be, { method, path, apikey: who.apikey, bearer: who.bearer, headers: prefer ? { prefer } : {}, body, timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `${method} ${path} ${String(body).slice(0, 300)} prefer=${prefer}`;
      // A visitor may write nothing (anon has no write privilege anywhere); an empty update or insert touches no row.
      if (who.kind !== 'A' && a.status < 300) {
        const touched = a.text && a.text !== '[]' && a.text !== '{}';
        expect(!touched, `visitor write answered ${a.status}: ${context} → ${a.text.slice(0, 200)}`).toBe(true);
      }
      await expectSafe(a, who, context);
    });
    await healthy();
  });

  it('rpc calls with any arguments, by POST and GET: no 5xx, no leak, the $600 rules hold', { timeout: timeoutFor('rest: rpc') }, async () => {
    const argName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('p_amount', 'p_payment_method', 'p_status', 'p_description', 'p_metadata', 'p_title', 'p_platform_fee', 'p_user_id', 'p_id') }, { weight: 1, arbitrary: hostileString });
    const argValue = fc.oneof(fc.constantFrom<unknown>(40, 600, 0, -1, 100001, 'paypal', 'card', 'pending', 'completed', null, {}, { kind: 'give40' }, []), hostileJson);
    const arb = fc.record({
      who: callerArb(['visitor', 'visitorSdk', 'A', 'A', 'forged']),
      call: fc.oneof(
        {
          weight: 3,
          arbitrary: fc.record({
            fn: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('record_payment', 'create_paid_gig') }, { weight: 1, arbitrary: fc.constantFrom('uid', 'jwt', 'handle_new_user', 'paid_gig_terms', 'gen_random_uuid', 'pg_sleep', 'set_config') }, { weight: 1, arbitrary: hostileString }),
            args: fc.dictionary(argName, argValue, { maxKeys: 6 }),
          }),
        },
        // Well-formed calls, so the functions' own checks and the $600 path run too.
        {
          weight: 1,
          arbitrary: fc.record({
            fn: fc.constant('record_payment'),
            args: fc.record({ p_amount: fc.oneof(fc.integer({ min: 1, max: 100000 }), fc.constantFrom(0.01, 40, 600, 100000.5)), p_payment_method: fc.constant('paypal'), p_status: fc.constantFrom('pending', 'pending', 'completed'), p_description: fc.option(hostileString, { nil: undefined }), p_metadata: fc.option(fc.dictionary(hostileString, hostileJson, { maxKeys: 3 }), { nil: undefined }) }, { requiredKeys: ['p_amount', 'p_payment_method', 'p_status'] }),
          }),
        },
        { weight: 1, arbitrary: fc.record({ fn: fc.constant('create_paid_gig'), args: fc.record({ p_title: fc.oneof(words, hostileString), p_description: fc.oneof(words, hostileString), p_id: fc.option(fc.oneof(fc.uuid(), fc.constantFrom(ids.paidGigB!, ids.gigB!, ids.gigA!), hostileString), { nil: undefined }) }, { requiredKeys: ['p_title', 'p_description'] }) }) },
      ),
      get: fc.boolean(),
      tail: fc.oneof(fc.constant<[string, string][]>([]), fc.array(fc.oneof(selectArb('payments').map((x): [string, string] => ['select', x]), orderArb('payments').map((o): [string, string] => ['order', o]), condArb('payments').map((c2): [string, string] => { const i = c2.indexOf('.'); return [c2.slice(0, i), c2.slice(i + 1)]; })), { maxLength: 2 })),
      media: fc.constantFrom(undefined, 'application/vnd.pgrst.object+json', 'text/csv', 'application/vnd.pgrst.array+json;nulls=stripped', 'application/vnd.pgrst.plan+json', 'text/plain', 'application/octet-stream'),
      prefer: fc.constantFrom(undefined, 'count=exact', 'handling=strict, max-affected=1', 'handling=strict, max-affected=0', 'tx=rollback', 'handling=strict, bogus'),
      // Bodies other than a JSON object: a whole-body parameter (json/jsonb, text, xml, bytea) or nothing that fits.
      raw: fc.option(fc.record({ type: fc.constantFrom('application/json', 'text/plain', 'text/xml', 'application/octet-stream'), text: fc.oneof(hostileString, jsonText, fc.constantFrom('[1,2]', '"x"', '1', 'null', '')) }), { freq: 4, nil: undefined }),
    });
    await check('rest: rpc', arb, async ({ who, call: { fn, args }, get, tail, media, prefer, raw }) => {
      const argPairs = Object.entries(args).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? 'null']);
      const path = `/rest/v1/rpc/${segment(fn)}?${query(get ? [...argPairs, ...tail] : tail)}`;
      const headers: Record<string, string> = {};
      if (media) headers.accept = media;
      if (prefer) headers.prefer = prefer;
      if (raw && !get) headers['content-type'] = raw.type;
      const body = get ? undefined : raw ? raw.text : args;
      const a = await send(be, { method: get ? 'GET' : 'POST', path, apikey: who.apikey, bearer: who.bearer, headers, body, timeoutMs: REQUEST_TIMEOUT_MS });
      await expectSafe(a, who, `${get ? 'GET' : 'POST'} ${path} ${get ? '' : JSON.stringify(args).slice(0, 300)}`);
    });
    await healthy();
  });
});

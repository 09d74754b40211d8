/**
 * Shared machinery of the fuzz suites (fuzz-rest.test.ts, fuzz-auth.test.ts, fuzz-auth-admin.test.ts,
 * fuzz-auth-webauthn.test.ts, fuzz-market.test.ts, fuzz-deal.test.ts, fuzz-money.test.ts, fuzz-stripe.test.ts, fuzz-moderation.test.ts, fuzz-realtime.test.ts,
 * fuzz-realtime-rest.test.ts, fuzz-realtime-shapes.test.ts, fuzz-browser.test.ts, fuzz-storage.test.ts).
 *
 * Budget: FUZZ_RUNS is the total number of generated cases across the three files (default 300, the
 * fast run inside `pnpm test`; `pnpm fuzz` runs 24 000). Each property gets a share by weight.
 * FUZZ_SEED replays a run; FUZZ_REQUEST_TIMEOUT_MS bounds every request ("never a hang").
 *
 * Every case must: answer below 500, within the timeout; never carry a canary the caller may not
 * read (another user's payment or metadata, a password hash, a TOTP secret, a row of a table no API
 * role can read); and leave the victim's rows and the canary table exactly as they were.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { TestBackend } from '../harness';

export const TOTAL_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 300));
export const REQUEST_TIMEOUT_MS = Number(process.env.FUZZ_REQUEST_TIMEOUT_MS ?? 15_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Relative weights of the properties (their share of FUZZ_RUNS). */
const WEIGHTS = {
  'rest: query strings': 4,
  'rest: costly shapes': 2,
  'rest: SQL injection': 4,
  'rest: headers and methods': 2,
  'rest: write bodies': 3,
  'rest: rpc': 2,
  'auth: signup': 1.5,
  'auth: token grants': 2,
  'auth: email flows': 1.5,
  'auth: user': 1.5,
  'auth: factors': 1,
  'auth: logout': 0.5,
  'auth: redirects': 1,
  'auth: any path': 0.5,
  'auth: admin': 1,
  'auth: passwordless': 1,
  'auth: webauthn': 1,
  'auth: passkeys': 1,
  'market: reads': 2,
  'market: rpc': 2,
  'deal: money edits after acceptance': 1.5,
  'moderation: console': 1.5,
  'money: interleavings': 1.5,
  'money: provider events': 1.5,
  'stripe: endpoints': 1.5,
  'realtime: frames': 2,
  'realtime: REST broadcast': 1,
  'realtime: hostile shapes': 1,
  'storage: paths': 1.5,
  'storage: headers': 1,
  'storage: bodies': 1.5,
  'browser: reports': 1,
} as const;
export type PropertyName = keyof typeof WEIGHTS;
const WEIGHT_SUM = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);

export function runsFor(name: PropertyName): number {
  return Math.max(1, Math.round((TOTAL_RUNS * WEIGHTS[name]) / WEIGHT_SUM));
}

/** Vitest timeout for a property: generous, since a long run on a shared machine is slow. */
export function timeoutFor(name: PropertyName): number {
  return 120_000 + runsFor(name) * 1_000;
}

/** Cases actually executed, per property (shrinking included), and the statuses answered, for the summary. */
const tally = new Map<string, { cases: number; ms: number; statuses: Map<number, number> }>();
let current: string | undefined;

/** Count an answer's status under the property running now (the summary shows how deep the inputs got). */
export function noteStatus(status: number): void {
  const statuses = current ? tally.get(current)?.statuses : undefined;
  if (statuses) statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

/** Run one property with its share of the budget and count what it executed. */
export async function check<T>(name: PropertyName, arb: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>): Promise<void> {
  const entry = { cases: 0, ms: 0, statuses: new Map<number, number>() };
  tally.set(name, entry);
  current = name;
  const t0 = performance.now();
  try {
    await fc.assert(
      fc.asyncProperty(arb, async (value) => {
        entry.cases++;
        await predicate(value);
      }),
      { numRuns: runsFor(name), ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  } finally {
    entry.ms = performance.now() - t0;
    current = undefined;
  }
}

/** "[fuzz] <file>: N cases in S s (FUZZ_RUNS=…)" plus one line per property. */
export function summary(file: string, names: PropertyName[]): string {
  const rows = names.map((n) => [n, tally.get(n) ?? { cases: 0, ms: 0, statuses: new Map<number, number>() }] as const);
  const cases = rows.reduce((a, [, e]) => a + e.cases, 0);
  const ms = rows.reduce((a, [, e]) => a + e.ms, 0);
  const histogram = (m: Map<number, number>) => [...m].sort(([a], [b]) => a - b).map(([st, n]) => `${st}×${n}`).join(' ');
  return [
    `[fuzz] ${file}: ${cases} cases in ${(ms / 1000).toFixed(1)} s (FUZZ_RUNS=${TOTAL_RUNS}${SEED !== undefined ? `, FUZZ_SEED=${SEED}` : ''})`,
    ...rows.map(([n, e]) => `[fuzz]   ${n}: ${e.cases} cases, ${(e.ms / 1000).toFixed(1)} s — ${histogram(e.statuses)}`),
  ].join('\n');
}

/** A random marker that no generator can produce by chance. */
export const canary = (label: string) => `canary-${label}-${randomBytes(8).toString('hex')}`;

/** Fails when `text` carries one of `forbidden` (with a readable message). */
export function assertNoLeak(text: string, forbidden: string[], context: string): void {
  for (const f of forbidden) {
    if (f && text.includes(f)) throw new Error(`leak: the answer to ${context.slice(0, 300)} carries "${f}": ${text.slice(0, 300)}`);
  }
}

/**
 * A table no API role can read, in a schema the API does not expose: injection through any part of
 * a request must neither read it nor change it.
 */
export async function createVault(be: TestBackend): Promise<string> {
  const secret = canary('vault');
  await be.db.transaction(async (tx) => {
    await tx.query('create schema if not exists canary');
    await tx.query('revoke all on schema canary from public');
    await tx.query('create table if not exists canary.vault (id int primary key, secret text not null)');
    await tx.query('insert into canary.vault (id, secret) values (1, $1) on conflict (id) do update set secret = excluded.secret', [secret]);
  });
  return secret;
}

/**
 * A fingerprint of what no request of the fuzz may change: the victim's rows (profile, gigs,
 * payments, audit rows, account, identities, sessions, factors, refresh tokens), the rows that
 * existed before the fuzz in the append-only tables, the vault, and the list of tables.
 */
export async function victimFingerprint(be: TestBackend, victimId: string, auditUpTo: number): Promise<string> {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<{ h: string }>(
      `select md5(coalesce(string_agg(t, '|' order by t), '')) as h from (
        select 'profile ' || row(x.*)::text as t from public.profiles x where id = $1
        union all select 'gig ' || row(x.*)::text from public.gigs x where user_id = $1
        union all select 'payment ' || row(x.*)::text from public.payments x where user_id = $1
        union all select 'audit ' || row(x.*)::text from public.audit_logs x where user_id = $1 or id <= $2
        -- Anyone may have a reset or confirmation mail sent to any address (as with GoTrue): those timestamps move.
        union all select 'user ' || (to_jsonb(x) - 'recovery_sent_at' - 'confirmation_sent_at')::text from auth.users x where id = $1
        union all select 'identity ' || row(x.*)::text from auth.identities x where user_id = $1
        union all select 'session ' || row(x.*)::text from auth.sessions x where user_id = $1
        union all select 'factor ' || row(x.*)::text from auth.mfa_factors x where user_id = $1
        union all select 'refresh ' || row(x.*)::text from auth.refresh_tokens x where user_id = $1
        union all select 'vault ' || row(x.*)::text from canary.vault x
        union all select 'table ' || c.oid::regclass::text from pg_class c
          where c.relkind in ('r', 'p') and c.relnamespace in ('public'::regnamespace, 'auth'::regnamespace, 'canary'::regnamespace)
      ) z`,
      [victimId, auditUpTo],
    ),
  );
  return rows[0]!.h;
}

/** The business rules of the $600 path still hold over every row (whatever the fuzz inserted). */
export async function businessRulesHold(be: TestBackend): Promise<Record<string, number>> {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<Record<string, string>>(`
      select
        (select count(*) from public.gigs where payment_id is null and (worker_rate is not null or platform_fee is not null))::text as fees_without_payment,
        (select count(*) from public.gigs where payment_id is not null and (rate <> 600 or worker_rate <> 570 or platform_fee <> 30))::text as paid_gig_not_600,
        (select count(*) from public.payments p where status = 'completed' and not exists (select 1 from public.gigs g where g.payment_id = p.id))::text as completed_without_gig,
        (select count(*) from public.payments p where not exists (select 1 from public.audit_logs a where a.table_name = 'payments' and a.details->>'payment_id' = p.id::text))::text as payment_without_audit`),
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

// ── generators shared by both suites ─────────────────────────────────────────────────────────

/** SQL-injection payloads: quotes of every kind, comments, stacked statements, casts, subqueries, sleeps. */
export const INJECTIONS = [
  "'; drop table canary.vault; --",
  "1; delete from public.gigs; --",
  "1) or (1=1",
  "' or '1'='1",
  '" or "1"="1',
  "x'::text; update canary.vault set secret = 'owned'; --",
  '$$; drop schema canary cascade; $$',
  '); drop table public.payments; --',
  '(select secret from canary.vault)',
  '1 union all select secret from canary.vault',
  "x\\'; drop table canary.vault; --",
  '*/ drop table canary.vault; /*',
  "%'; truncate public.audit_logs; --",
  "E'\\x27; drop table canary.vault; --'",
  'ʼ; drop table canary.vault; --',
  '＇ or 1=1 --',
  "1; select pg_sleep(30); --",
  "'||pg_sleep(30)||'",
  '"; drop table canary.vault; --',
  'canary.vault',
  '"canary"."vault"',
  'pg_catalog.pg_authid',
  "1'); copy canary.vault to program 'id'; --",
  "'; set role postgres; --",
  "'; reset role; delete from public.profiles; --",
  '\\"; drop table canary.vault; --',
  'id) do update set id = excluded.id; drop table canary.vault; --',
  'title") values (\'x\'); drop table canary.vault; --',
  "lo_import('/etc/passwd')",
  '1e999999',
  'NaN',
  '-0',
  '9'.repeat(400),
];

/** Strings of every shape: injection, unicode, control characters, separators of the grammar. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom('', ' ', '*', '%', '\\', "'", '"', '.', ',', ':', '::', '->', '->>', '(', ')', '{', '}', '[', ']', '!', 'null', 'true', 'NULL', '\u00a0', '\u202e', '🙂', 'e\u0301', '\ud800'),
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.replace(/\0/g, '')),
  fc.stringMatching(/^[a-z_]{1,12}$/),
);

/** A JSON value of any shape, shallow or a little deep, whose strings and keys are `strings`. */
export function jsonOf(strings: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e-308, 600, 570, 30),
      strings,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(strings, tie('value'), { maxKeys: 4 }),
    ),
  })).value;
}

/** A JSON value of any shape with hostile strings. */
export const hostileJson: fc.Arbitrary<unknown> = jsonOf(hostileString);

/** Percent-encode any string (lone surrogates included) so every byte reaches the server. */
export function pct(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A path segment: percent-encoded, and never a dot segment ("." / ".." / "%2e"), which the URL parser would resolve away. */
export const segment = (s: string): string => (/^(\.|%2e)+$/i.test(pct(s)) ? 'dot' : pct(s));

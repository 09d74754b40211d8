/**
 * Shared by the marketplace access suites: the parties (the visitor, the poster P, the worker W,
 * another member O, forged tokens), a scenario and how it is tried, and a fingerprint of every
 * marketplace, money (the ledger included), app and auth row that a refused request must leave as it was.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { errorCode, fingerprint, forgedTokens, rowsDigest, send, signUp, type Account, type Answer } from 'backend/test/security/helpers';

type Forged = Awaited<ReturnType<typeof forgedTokens>>;
export type Bearer = keyof Forged['bearer'];
export type Who = 'visitor' | 'P' | 'W' | 'O' | 'anonAsUser' | 'serviceAsUser' | `bearer:${Bearer}` | 'apikey:anonKeyEditedToServiceRole' | `member:${string}`;

export interface Scenario {
  name: string;
  as: Who;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** `{key}` is filled in from the parties' ids (P, W, O and what the suite's setup adds). */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  code: string | null;
  /** For answers that are not errors: `none` — no row; `ownPrefs` — only O's own preference row. */
  rows?: 'none' | 'ownPrefs';
}

export interface Parties {
  be: TestBackend;
  acc: Record<'P' | 'W' | 'O', Account>;
  /** Further accounts a suite adds in its setup (`as: 'member:<name>'`). */
  more: Record<string, Account>;
  forged: Forged;
  ids: Record<string, string>;
  /** A setup step as `a` (POST, return=representation); anything but a success throws. */
  call(a: Account, path: string, body: unknown): Promise<Record<string, string> & Record<string, string>[]>;
}

/**
 * The parties of a suite (emails start with `prefix`): registers the hooks that sign them up
 * before the file's tests and close the backend after them; the object is filled in by then.
 */
export function useParties(prefix: string): Parties {
  const p = { ids: {}, more: {} } as unknown as Parties;
  beforeAll(async () => {
    const be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
    const acc = {
      P: await signUp(be, `${prefix}poster@example.com`, 'poster-password', { full_name: 'Pat Poster' }),
      W: await signUp(be, `${prefix}worker@example.com`, 'worker-password', { full_name: 'Wendy Worker' }),
      O: await signUp(be, `${prefix}other@example.com`, 'other-password', { full_name: 'Oscar Other' }),
    };
    Object.assign(p, { be, acc, forged: await forgedTokens(be, acc.O.access, acc.W) });
    Object.assign(p.ids, { P: acc.P.id, W: acc.W.id, O: acc.O.id });
    p.call = async (a, path, body) => {
      const r = await send(be, { method: 'POST', path, bearer: a.access, headers: { prefer: 'return=representation' }, body });
      if (r.status >= 300) throw new Error(`setup ${path}: ${r.status} ${r.text}`);
      return r.json as never;
    };
  });
  afterAll(async () => {
    await p.be?.close();
  });
  return p;
}

/** Tries the scenario: the status and code it expects, no foreign row, and not one row changed. */
export async function attempt(p: Parties, s: Scenario): Promise<Answer> {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, k: string) => p.ids[k] ?? `{${k}}`);
  const before = await marketFingerprint(p.be);
  const c = s.as.startsWith('member:')
    ? { apikey: p.be.config.ANON_KEY, bearer: p.more[s.as.slice('member:'.length)]!.access }
    : credentials(p.be, p.acc, p.forged, s.as as Exclude<Who, `member:${string}`>);
  const answer = await send(p.be, { method: s.method, path: fill(s.path), apikey: c.apikey, bearer: c.bearer, headers: s.headers, body: s.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(s.body))) });
  expect({ status: answer.status, code: s.code === null ? null : errorCode(answer) ?? null }, answer.text.slice(0, 500)).toEqual({ status: s.status, code: s.code });
  if (s.rows === 'none') expect(answer.json).toEqual([]);
  expect(await marketFingerprint(p.be)).toBe(before);
  return answer;
}

export function credentials(be: TestBackend, acc: Record<'P' | 'W' | 'O', Account>, forged: Forged, who: Exclude<Who, `member:${string}`>): { apikey: string; bearer: string | null } {
  const anon = be.config.ANON_KEY;
  if (who === 'visitor') return { apikey: anon, bearer: null };
  if (who === 'P' || who === 'W' || who === 'O') return { apikey: anon, bearer: acc[who].access };
  if (who === 'anonAsUser') return { apikey: anon, bearer: anon };
  if (who === 'serviceAsUser') return { apikey: anon, bearer: be.config.SERVICE_ROLE_KEY };
  if (who === 'apikey:anonKeyEditedToServiceRole') return { apikey: forged.apikey.anonKeyEditedToServiceRole, bearer: null };
  return { apikey: anon, bearer: forged.bearer[who.slice('bearer:'.length) as Bearer] };
}

/** The marketplace rows (and, through fingerprint(), the app and auth tables). */
export async function marketFingerprint(be: TestBackend): Promise<string> {
  const market = ['applications', 'application_events', 'saved_gigs', 'notification_preferences', 'notifications', 'application_payments', 'reviews', 'member_ratings', 'application_messages', 'application_reads', 'reports', 'gig_takedowns', 'gig_invitations', 'saved_searches'];
  const money = ['public.deal_notes', 'public.payout_details', 'ledger.accounts', 'ledger.transactions', 'ledger.entries', 'ledger.provider_events'];
  return `${await rowsDigest(be, [...market.map((t) => `public.${t}`), ...money, 'private.notification_outbox', 'private.operator_audit'])}/${await fingerprint(be)}`;
}

/**
 * Property-based fuzzing of the marketplace (fast-check) over real HTTP: query strings on the new
 * tables (applications, application_events, saved_gigs, notification_preferences, and gigs with
 * their applications embedded), and calls of the marketplace functions with any arguments — as a
 * visitor, the worker W, the poster P, another member A, a guest (anonymous session), a member B
 * banned while holding its token, and with forged credentials.
 *
 * For every case: an answer below 500; W's application message and A-invisible rows never reach
 * A or a visitor; reads change nothing; W's own rows (its application, its events, its saved gigs
 * and preferences) never change through anyone else; and the process invariants hold over every
 * row (status = last event, applicant_count, one accepted application per filled gig, nothing
 * pending on a gig that is not open, no application to one's own gig, a notification only for a
 * party, every party's step notified to the other party, an invitation only from the gig's poster,
 * at most 10 saved searches a member). A guest or the banned
 * member changes no row at all.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { REQUEST_TIMEOUT_MS, assertNoLeak, canary, check, hostileJson, hostileString, noteStatus, pct, segment, summary, timeoutFor, type PropertyName } from 'backend/test/security/fuzz-support';
import { fingerprint, forgedTokens, send, signUp, type Account, type Answer } from 'backend/test/security/helpers';
import { marketFingerprint } from './market-support';

const PROPERTIES: PropertyName[] = ['market: reads', 'market: rpc'];

let be: TestBackend;
const acc: Record<'P' | 'W' | 'A' | 'B', Account> = {} as never;
const guest = { access: '' };
let forged: Awaited<ReturnType<typeof forgedTokens>>;
const ids: Record<string, string> = {};
const secret = { message: '' };
const pool: string[] = [];

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', ENABLE_ANONYMOUS_SIGN_INS: 'true' });
  acc.P = await signUp(be, 'fuzz-poster@example.com');
  acc.W = await signUp(be, 'fuzz-worker@example.com');
  acc.A = await signUp(be, 'fuzz-attacker@example.com');
  acc.B = await signUp(be, 'fuzz-banned@example.com');
  forged = await forgedTokens(be, acc.A.access, acc.W);
  secret.message = canary('application');
  const call = async (a: Account, path: string, body: unknown) => {
    const r = await send(be, { method: 'POST', path, bearer: a.access, headers: { prefer: 'return=representation' }, body });
    if (r.status >= 300) throw new Error(`setup ${path}: ${r.status} ${r.text}`);
    return r.json as Record<string, string> & Record<string, string>[];
  };
  const gig = { description: 'Work', payment_type: 'hourly', rate: 30, hours: 2, location: 'remote' };
  ids.gig = (await call(acc.P, '/rest/v1/gigs', { ...gig, title: 'P gig' }))[0]!.id!;
  ids.gig2 = (await call(acc.P, '/rest/v1/gigs', { ...gig, title: 'P second gig' }))[0]!.id!;
  ids.gigA = (await call(acc.A, '/rest/v1/gigs', { ...gig, title: 'A gig' }))[0]!.id!;
  // More open gigs, so generated calls keep finding something to apply to, accept or close.
  for (let i = 0; i < 6; i++) pool.push((await call(acc.P, '/rest/v1/gigs', { ...gig, title: `P gig ${i}` }))[0]!.id!);
  ids.app = (await call(acc.W, '/rest/v1/rpc/apply_to_gig', { p_gig_id: ids.gig, p_message: secret.message })).id!;
  await call(acc.W, '/rest/v1/saved_gigs', { gig_id: ids.gig2 });
  await call(acc.W, '/rest/v1/saved_searches', { name: 'W search', filters: { skills: ['figma'] } });
  await call(acc.P, '/rest/v1/rpc/invite_to_apply', { p_gig_id: ids.gig2, p_worker_id: acc.W.id });
  // B: an application of its own and a gig, then banned (its token stays in hand).
  ids.appB = (await call(acc.B, '/rest/v1/rpc/apply_to_gig', { p_gig_id: ids.gig2, p_message: 'B applies' })).id!;
  ids.gigB = (await call(acc.B, '/rest/v1/gigs', { ...gig, title: 'B gig' }))[0]!.id!;
  await send(be, { method: 'PUT', path: `/auth/v1/admin/users/${acc.B.id}`, apikey: be.config.SERVICE_ROLE_KEY, bearer: be.config.SERVICE_ROLE_KEY, body: { ban_duration: '24h' } });
  guest.access = ((await send(be, { method: 'POST', path: '/auth/v1/signup', body: {} })).json as { access_token: string }).access_token;
  Object.assign(ids, { P: acc.P.id, W: acc.W.id, A: acc.A.id, B: acc.B.id });
});

afterAll(async () => {
  console.log(summary('fuzz-market', PROPERTIES));
  await be?.close();
});

type Kind = 'visitor' | 'P' | 'W' | 'A' | 'guest' | 'banned' | 'forged';
interface Caller { kind: Kind; label: string; apikey: string | null; bearer: string | null }

function caller(kind: Kind, pick = 0): Caller {
  const anon = be.config.ANON_KEY;
  if (kind === 'visitor') return { kind, label: kind, apikey: anon, bearer: null };
  if (kind === 'guest') return { kind, label: kind, apikey: anon, bearer: guest.access };
  if (kind === 'banned') return { kind, label: kind, apikey: anon, bearer: acc.B.access };
  if (kind !== 'forged') return { kind, label: kind, apikey: anon, bearer: acc[kind].access };
  const all = Object.entries(forged.bearer);
  const [name, token] = all[pick % all.length]!;
  return { kind, label: `bearer ${name}`, apikey: anon, bearer: token };
}
const callerArb = fc.tuple(fc.constantFrom<Kind>('visitor', 'P', 'W', 'A', 'A', 'guest', 'banned', 'forged'), fc.nat(100)).map(([k, n]) => caller(k, n));

/**
 * W's rows, which nobody but W (and P, through the process) may change; A and the forged never —
 * except W's applications to A's own gigs, where A is the poster and may accept, decline or close.
 */
async function victimRows(): Promise<string> {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<{ h: string }>(`select md5(coalesce(string_agg(t, '|' order by t), '')) as h from (
      select 'app ' || row(x.*)::text as t from public.applications x where worker_id = $1 and poster_id <> $2
      union all select 'event ' || row(e.*)::text from public.application_events e join public.applications a on a.id = e.application_id where a.worker_id = $1 and a.poster_id <> $2
      union all select 'saved ' || row(x.*)::text from public.saved_gigs x where user_id = $1
      union all select 'prefs ' || row(x.*)::text from public.notification_preferences x where user_id = $1
      union all select 'message ' || row(m.*)::text from public.application_messages m join public.applications a on a.id = m.application_id where a.worker_id = $1 and a.poster_id <> $2
      union all select 'payment ' || row(x.*)::text from public.application_payments x where payee_id = $1 and payer_id <> $2
      union all select 'review ' || row(x.*)::text from public.reviews x where reviewer_id = $1
      union all select 'note ' || row(n.*)::text from public.deal_notes n join public.applications a on a.id = n.application_id where a.worker_id = $1 and a.poster_id <> $2
      union all select 'payout details ' || row(x.*)::text from public.payout_details x where user_id = $1
      union all select 'saved search ' || row(x.*)::text from public.saved_searches x where user_id = $1
      union all select 'invitation ' || row(x.*)::text from public.gig_invitations x where worker_id = $1 and poster_id <> $2
      union all select 'notification ' || row(n.*)::text from public.notifications n left join public.applications a on a.id = n.application_id where n.recipient_id = $1 and a.poster_id is distinct from $2
        and not (n.kind = 'invite' and n.gig_id in (select g.id from public.gigs g where g.user_id = $2))) z`, [acc.W.id, acc.A.id]),
  );
  return rows[0]!.h;
}

/** The process invariants over every row; each figure must be 0. */
async function invariants(): Promise<Record<string, number>> {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<Record<string, string>>(`select
      (select count(*) from public.applications a where a.status <> (select e.to_status from public.application_events e where e.application_id = a.id order by e.id desc limit 1))::text as status_not_last_event,
      (select count(*) from public.gigs g where g.applicant_count <> (select count(*) from public.applications a where a.gig_id = g.id and a.status <> 'withdrawn'))::text as applicant_count_off,
      (select count(*) from public.gigs g where g.status = 'filled' and (select count(*) from public.applications a where a.gig_id = g.id and a.accepted_at is not null) <> 1)::text as filled_without_one_accepted,
      (select count(*) from public.applications a join public.gigs g on g.id = a.gig_id where a.accepted_at is not null and g.status <> 'filled')::text as state_mismatch,
      (select count(*) from public.applications a where a.status in ('paid_out', 'paid') and a.paid_out_at is null)::text as paid_without_payout,
      (select count(*) from public.applications a where a.deal_amount_cents is not null and (a.worker_amount + a.platform_fee <> a.agreed_amount or a.platform_fee <> round(a.agreed_amount * 5 / 100, 2)
        or a.deal_fee_cents <> (a.deal_amount_cents * 5 + 50) / 100 or a.agreed_amount * 100 <> a.deal_amount_cents))::text as split_off,
      (select count(*) from public.reviews r join public.applications a on a.id = r.application_id where a.status not in ('released', 'paid_out', 'paid', 'refunded') or r.reviewer_id not in (a.worker_id, a.poster_id))::text as review_not_for_paid_work,
      (select count(*) from public.application_messages m join public.applications a on a.id = m.application_id where m.sender_id not in (a.worker_id, a.poster_id))::text as message_from_outsider,
      (select count(*) from public.applications a join public.gigs g on g.id = a.gig_id where a.status = 'applied' and g.status <> 'active')::text as pending_on_closed_gig,
      (select count(*) from public.applications a join public.gigs g on g.id = a.gig_id where a.poster_id <> g.user_id or a.worker_id = g.user_id)::text as wrong_parties,
      (select count(*) from public.gigs g where public.worker_cents(g) + public.fee_cents(g) <> round(g.rate * 100) or public.fee_cents(g) <> (round(g.rate * 100)::bigint * 5 + 50) / 100
        or (g.payment_type = 'hourly' and g.hours is not null) <> (public.estimate_worker_cents(g) is not null))::text as gig_split_off,
      (select count(*) from public.notifications n join public.applications a on a.id = n.application_id where n.recipient_id not in (a.worker_id, a.poster_id))::text as notification_to_outsider,
      (select count(*) from public.application_events e join public.applications a on a.id = e.application_id where e.actor_role in ('worker', 'poster')
        and not exists (select 1 from public.notifications n where n.application_id = e.application_id and n.kind = e.transition
                         and n.recipient_id = case when e.actor_role = 'worker' then a.poster_id else a.worker_id end))::text as event_not_notified,
      (select count(*) from public.gig_invitations i join public.gigs g on g.id = i.gig_id where i.poster_id <> g.user_id or i.worker_id = i.poster_id)::text as invitation_not_by_poster,
      (select count(*) from (select 1 from public.saved_searches s group by s.user_id having count(*) > 10) x)::text as saved_searches_over_limit`),
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}
const HOLD = {
  status_not_last_event: 0, applicant_count_off: 0, filled_without_one_accepted: 0, state_mismatch: 0, paid_without_payout: 0, split_off: 0, review_not_for_paid_work: 0, message_from_outsider: 0, pending_on_closed_gig: 0, wrong_parties: 0, gig_split_off: 0, notification_to_outsider: 0, event_not_notified: 0, invitation_not_by_poster: 0, saved_searches_over_limit: 0,
};

/** What a caller who may not write must leave exactly as it was: every row (null for the others). */
const frozenFor = (who: Caller) => (who.kind === 'guest' || who.kind === 'banned' ? marketFingerprint(be) : null);

async function expectSafe(a: Answer, who: Caller, context: string, victimBefore: string, frozen: string | null): Promise<void> {
  noteStatus(a.status);
  expect(a.status, `${context} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  if (frozen !== null) expect(await marketFingerprint(be), `${who.label} changed a row: ${context}`).toBe(frozen);
  if (!['P', 'W'].includes(who.kind)) assertNoLeak(a.text, [secret.message], `${who.label}: ${context}`);
  if (who.kind === 'forged') expect(a.status, `forged credentials not refused: ${context}`).toBe(401);
  if (who.kind !== 'W' && who.kind !== 'P') expect(await victimRows(), `W's rows changed after ${who.label}: ${context}`).toBe(victimBefore);
  expect(await invariants(), `the process invariants broke after ${who.label}: ${context}`).toEqual(HOLD);
}

const TABLES = ['applications', 'application_events', 'saved_gigs', 'notification_preferences', 'gigs', 'application_payments', 'application_messages', 'application_reads', 'reviews', 'member_ratings', 'deal_notes', 'payout_details', 'notifications', 'gig_invitations', 'saved_searches'] as const;
const COLUMNS = ['id', 'worker_cents', 'fee_cents', 'estimate_worker_cents', 'gig_id', 'worker_id', 'poster_id', 'message', 'proposed_rate', 'available_from', 'status', 'decline_notice', 'created_at', 'updated_at',
  'application_id', 'transition', 'from_status', 'to_status', 'actor_role', 'actor_id', 'user_id', 'email_enabled', 'applicant_count', 'title',
  'agreed_amount', 'worker_amount', 'platform_fee', 'amount', 'payer_id', 'payee_id', 'missing_note', 'sender_id', 'body', 'last_read_at', 'rating', 'reviewer_id', 'reviewee_id', 'average_rating', 'recipient_id', 'kind', 'read_at', 'name', 'filters', 'frequency', 'checked_at'];
const EMBEDS = ['gigs', 'applications', 'application_events', 'worker:worker_id', 'poster_id', 'profiles', 'saved_gigs', 'applications!applications_worker_id_fkey'];
const idArb = fc.oneof(
  fc.constantFrom(() => ids.app!, () => ids.gig!, () => ids.gig2!, () => ids.gigA!, () => ids.appB!, () => ids.gigB!, () => ids.P!, () => ids.W!, () => ids.A!, () => ids.B!).map((f) => f()),
  fc.nat(5).map((i) => pool[i]!),
);
/** An application to one of the generated gigs (looked up when the case runs). */
const poolApplication = fc.nat(5).map((i) => async () =>
  (await be.db.transaction((tx) => tx.query<{ id: string }>('select id::text from public.applications where gig_id = $1 order by created_at limit 1', [pool[i]]))).rows[0]?.id ?? ids.app!);
const valueArb = fc.oneof({ weight: 4, arbitrary: idArb }, { weight: 2, arbitrary: fc.constantFrom('applied', 'accepted', 'declined', 'withdrawn', 'closed', 'active', 'filled', 'true', 'false', 'null', '0') }, { weight: 2, arbitrary: hostileString });
const opArb = fc.constantFrom('eq', 'neq', 'gt', 'lt', 'in', 'is', 'like', 'ilike', 'cs', 'fts');
const pairArb: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...COLUMNS) }, { weight: 1, arbitrary: hostileString }), opArb, valueArb).map(([c, o, v]): [string, string] => [c, o === 'in' ? `in.(${v})` : `${o}.${v}`]) },
  { weight: 3, arbitrary: fc.array(fc.oneof(fc.constantFrom('*', ...COLUMNS), fc.tuple(fc.constantFrom(...EMBEDS), fc.constantFrom('*', 'id', 'message', 'status', 'title', 'full_name')).map(([e, c]) => `${e}(${c})`), hostileString), { minLength: 1, maxLength: 3 }).map((xs): [string, string] => ['select', xs.join(',')]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...COLUMNS), fc.constantFrom('', '.asc', '.desc')).map(([c, d]): [string, string] => ['order', c + d]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('or', 'and'), fc.constantFrom(...COLUMNS), valueArb).map(([l, c, v]): [string, string] => [l, `(${c}.eq.${v},status.eq.applied)`]) },
);

describe('marketplace fuzzing', () => {
  it('query strings on the marketplace tables, as every caller: no 5xx, no leak, nothing changes', { timeout: timeoutFor('market: reads') }, async () => {
    const arb = fc.record({ who: callerArb, table: fc.constantFrom(...TABLES), pairs: fc.array(pairArb, { maxLength: 4 }), head: fc.boolean() });
    await check('market: reads', arb, async ({ who, table, pairs, head }) => {
      const path = `/rest/v1/${table}?${pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}`;
      const before = await fingerprint(be);
      const victim = await victimRows();
      const frozen = await frozenFor(who);
      const a = await send(be, { method: head ? 'HEAD' : 'GET', path, apikey: who.apikey, bearer: who.bearer, timeoutMs: REQUEST_TIMEOUT_MS });
      await expectSafe(a, who, `${head ? 'HEAD' : 'GET'} ${path}`, victim, frozen);
      expect(await fingerprint(be), `a read changed the database: ${path}`).toBe(before);
      expect(await victimRows()).toBe(victim);
    });
  });

  it('marketplace functions with any arguments, as every caller: no 5xx, no leak, the process invariants hold', { timeout: timeoutFor('market: rpc') }, async () => {
    const fnArb = fc.oneof({ weight: 8, arbitrary: fc.constantFrom('apply_to_gig', 'withdraw_application', 'accept_application', 'decline_application', 'close_gig', 'contact_details', 'propose_deal_change', 'accept_deal_change', 'decline_deal_change', 'start_funding', 'fund_with_credit', 'cancel_deal', 'deliver_work', 'request_changes', 'approve_work', 'open_dispute', 'confirm_payout', 'leave_review', 'send_message', 'mark_thread_read', 'unread_message_counts', 'my_unread_threads', 'mark_notifications_read', 'my_sessions', 'undo_decision', 'invite_to_apply', 'search_workers') }, { weight: 1, arbitrary: fc.constantFrom('fire_application_transition', 'enqueue_notification', 'require_member', 'notify_member', 'run_saved_searches', 'gig_matches') }, { weight: 1, arbitrary: hostileString });
    const argValue = fc.oneof({ weight: 4, arbitrary: idArb }, { weight: 2, arbitrary: fc.constantFrom<unknown>('Hello', '', ' ', 'x'.repeat(2001), 25, 0, -1, 1e7, '2999-01-01', '2000-01-01', null, 'accept', ids.W) }, { weight: 1, arbitrary: hostileJson });
    const argsArb = fc.dictionary(fc.oneof({ weight: 6, arbitrary: fc.constantFrom('p_gig_id', 'p_application_id', 'p_message', 'p_proposed_rate', 'p_available_from', 'p_user_id', 'p_transition', 'p_actor', 'p_hours', 'p_rate', 'p_note', 'p_reason', 'p_link', 'p_note', 'p_rating', 'p_body', 'p_id', 'p_application_ids', 'p_limit', 'p_up_to', 'p_worker_id', 'p_skills', 'p_min_rate', 'p_max_rate', 'p_min_rating', 'p_after_since', 'p_after_id') }, { weight: 1, arbitrary: hostileString }), argValue, { maxKeys: 4 });
    const wellFormed = fc.oneof(
      fc.record({ fn: fc.constant('apply_to_gig'), args: fc.record({ p_gig_id: idArb, p_message: fc.oneof({ weight: 3, arbitrary: fc.constant('Hello') }, { weight: 1, arbitrary: hostileString }), p_proposed_rate: fc.option(fc.integer({ min: -5, max: 2000 }), { nil: undefined }) }, { requiredKeys: ['p_gig_id', 'p_message'] }) }),
      fc.record({ fn: fc.constantFrom('withdraw_application', 'accept_application', 'decline_application', 'undo_decision'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication) }) }),
      fc.record({ fn: fc.constant('contact_details'), args: fc.record({ p_user_id: idArb }) }),
      fc.record({ fn: fc.constantFrom('start_funding', 'fund_with_credit', 'approve_work', 'confirm_payout', 'mark_thread_read', 'accept_deal_change', 'decline_deal_change'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication) }) }),
      fc.record({ fn: fc.constant('propose_deal_change'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication), p_hours: fc.oneof(fc.integer({ min: -2, max: 200 }), fc.constant(0.5)), p_rate: fc.oneof(fc.integer({ min: -2, max: 2000 }), fc.constant(0.005)) }, { requiredKeys: ['p_application_id'] }) }),
      fc.record({ fn: fc.constant('leave_review'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication), p_rating: fc.integer({ min: 0, max: 6 }), p_body: fc.option(hostileString, { nil: undefined }) }, { requiredKeys: ['p_application_id', 'p_rating'] }) }),
      fc.record({ fn: fc.constant('unread_message_counts'), args: fc.record({ p_application_ids: fc.array(fc.oneof(idArb, hostileString), { maxLength: 3 }) }) }),
      fc.record({ fn: fc.constant('my_unread_threads'), args: fc.record({ p_limit: fc.oneof(fc.integer({ min: -2, max: 1002 }), fc.constantFrom<unknown>(2 ** 31, 1.5, '10', null)) }, { requiredKeys: [] }) }),
      fc.record({ fn: fc.constant('send_message'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication), p_body: fc.oneof(fc.constant('Hi'), hostileString), p_id: fc.option(fc.oneof(idArb, hostileString), { nil: undefined }) }, { requiredKeys: ['p_application_id', 'p_body'] }) }),
      fc.record({ fn: fc.constant('close_gig'), args: fc.record({ p_gig_id: idArb }) }),
      fc.record({ fn: fc.constant('invite_to_apply'), args: fc.record({ p_gig_id: idArb, p_worker_id: fc.oneof(idArb, hostileString) }) }),
      fc.record({
        fn: fc.constant('search_workers'),
        args: fc.record(
          { p_skills: fc.array(fc.oneof(fc.constantFrom('figma', 'React', ''), hostileString), { maxLength: 12 }), p_min_rate: fc.integer({ min: -5, max: 2_000_000 }), p_max_rate: fc.integer({ min: -5, max: 2_000_000 }), p_min_rating: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(4.5)), p_after_since: fc.constantFrom('2024-01-01T00:00:00Z', 'yesterday'), p_after_id: idArb, p_limit: fc.integer({ min: -1, max: 60 }) },
          { requiredKeys: [] },
        ),
      }),
      fc.record({ fn: fc.constant('my_sessions'), args: fc.constant({}) }),
      fc.record({ fn: fc.constant('mark_notifications_read'), args: fc.record({ p_up_to: fc.oneof(fc.integer({ min: -2, max: 2 ** 31 }), fc.constantFrom<unknown>(1.5, '10', null, 2 ** 63)) }, { requiredKeys: [] }) }),
      fc.record({ fn: fc.constant('request_changes'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication), p_note: fc.oneof(fc.constant('Done'), hostileString) }) }),
      fc.record({ fn: fc.constant('deliver_work'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication), p_note: fc.oneof(fc.constant('Done'), hostileString), p_attachment_path: fc.option(hostileString, { nil: undefined }) }, { requiredKeys: ['p_application_id', 'p_note'] }) }),
      fc.record({ fn: fc.constantFrom('open_dispute', 'cancel_deal'), args: fc.record({ p_application_id: fc.oneof(idArb, poolApplication), p_reason: fc.oneof(fc.constant('Not done'), hostileString) }) }),
    );
    const arb = fc.record({ who: callerArb, call: fc.oneof({ weight: 2, arbitrary: fc.record({ fn: fnArb, args: argsArb }) }, { weight: 3, arbitrary: wellFormed }), get: fc.constantFrom(false, false, false, true) });
    await check('market: rpc', arb, async ({ who, call: { fn, args: given }, get }) => {
      const args: Record<string, unknown> = { ...given };
      if (typeof args.p_application_id === 'function') args.p_application_id = await (args.p_application_id as () => Promise<string>)();
      const query = get ? Object.entries(args).map(([k, v]) => `${pct(k)}=${pct(typeof v === 'string' ? v : JSON.stringify(v) ?? 'null')}`).join('&') : '';
      const path = `/rest/v1/rpc/${segment(fn)}${query ? `?${query}` : ''}`;
      const victim = await victimRows();
      const frozen = await frozenFor(who);
      const a = await send(be, { method: get ? 'GET' : 'POST', path, apikey: who.apikey, bearer: who.bearer, body: get ? undefined : args, timeoutMs: REQUEST_TIMEOUT_MS });
      await expectSafe(a, who, `${get ? 'GET' : 'POST'} ${path} ${get ? '' : JSON.stringify(args).slice(0, 300)}`, victim, frozen);
    });
    const health = await send(be, { path: '/health' });
    expect(health.status).toBe(200);
  });
});

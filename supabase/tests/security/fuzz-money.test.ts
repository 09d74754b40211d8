/**
 * Properties of the money (fast-check, real HTTP):
 *   "money: interleavings" — random rounds of deal steps (fund, confirm or void the funds,
 *     deliver, request changes, approve, cancel, dispute, resolve by release / refund / split,
 *     refund, pay out, confirm the payout, the timers) across several deals, each round fired by
 *     concurrent callers at once: every answer below 500, and after every round the books hold —
 *     every transaction balances, nothing is created or lost, nothing held or owed is negative,
 *     tracked totals equal their entries, what is held is each live deal's amount, nothing is
 *     released or paid out twice.
 *   "money: provider events" — provider events for several deals, each delivered 1–10 times, all
 *     shuffled and applied by concurrent callers: each event is recorded and applied once, the
 *     books hold, and every deal ends where its set of events says, whatever the order (and its
 *     parties read 'stripe' as its provider).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGig, rpc, sql, startMarket, type Market } from '../market/helpers';
import { BOOKS_HOLD, booksHold, makeOperator } from '../money/helpers';
import { createUser, serviceClient, type TestUser } from 'backend/test/rest/helpers';
import { check, noteStatus, runsFor, summary, timeoutFor, type PropertyName } from 'backend/test/security/fuzz-support';

/** A case makes several deals and many calls: give each a few seconds more than the default. */
const timeout = (name: PropertyName) => timeoutFor(name) + runsFor(name) * 5_000;

const PROPERTIES: PropertyName[] = ['money: interleavings', 'money: provider events'];
let m: Market;
let op: TestUser;

beforeAll(async () => {
  m = await startMarket();
  op = await createUser(m.be, 'fuzz-operator@example.com', 'Fuzz Operator');
  await makeOperator(m.be, op);
});
afterAll(async () => {
  console.log(summary('fuzz-money', PROPERTIES));
  await m?.be.close();
});

async function deals(n: number, cents: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const gig = await postGig(m.be, m.poster, { payment_type: 'fixed', rate: cents[i % cents.length]! / 100 });
    const app = (await rpc<{ id: string }>(m.be, m.worker, 'apply_to_gig', { p_gig_id: gig, p_message: 'Hi' })).data.id;
    await rpc(m.be, m.poster, 'accept_application', { p_application_id: app });
    ids.push(app);
  }
  return ids;
}

const STEPS = ['next', 'start', 'confirm', 'void', 'deliver', 'changes', 'approve', 'cancelP', 'cancelW', 'disputeP', 'disputeW', 'release', 'refund', 'split', 'operatorRefund', 'payout', 'confirmPayout', 'timers'] as const;
type Step = (typeof STEPS)[number];

/** The step that moves a deal on from its status (so rounds reach deep into the process). */
const NEXT: Record<string, Step[]> = {
  accepted: ['start', 'confirm'], funded: ['deliver'], delivered: ['approve', 'disputeP', 'changes', 'timers'], disputed: ['release', 'refund', 'split'],
  released: ['payout', 'operatorRefund'], paid_out: ['confirmPayout', 'operatorRefund'],
};

async function fire(app: string, step: Step, days: number): Promise<number> {
  const a = { p_application_id: app };
  if (step === 'next') {
    const [row] = await sql<{ status: string; hold: boolean }>(m.be, "select status, exists (select 1 from ledger.transactions t where t.application_id = a.id and t.phase = 'pending' and not exists (select 1 from ledger.transactions r where r.pending_id = t.id)) as hold from public.applications a where id = $1", [app]);
    const options = row?.status === 'accepted' ? [row.hold ? 'confirm' : 'start'] as Step[] : NEXT[row?.status ?? ''] ?? ['timers'];
    return fire(app, options[days % options.length]!, 15);
  }
  const call = (who: TestUser, fn: string, args: Record<string, unknown>) => rpc(m.be, who, fn, args).then((r) => {
    if (r.status >= 500) console.log('[fuzz-money] 5xx', fn, r.status, JSON.stringify(r.error));
    return r.status;
  });
  switch (step) {
    case 'start': return call(m.poster, 'start_funding', a);
    case 'confirm': return call(op, 'operator_confirm_funds', { ...a, p_reference: 'PP' });
    case 'void': return call(op, 'operator_void_funds', { ...a, p_note: 'never came' });
    case 'deliver': return call(m.worker, 'deliver_work', { ...a, p_note: 'Done' });
    case 'changes': return call(m.poster, 'request_changes', { ...a, p_note: 'More' });
    case 'approve': return call(m.poster, 'approve_work', a);
    case 'cancelP': return call(m.poster, 'cancel_deal', a);
    case 'cancelW': return call(m.worker, 'cancel_deal', a);
    case 'disputeP': return call(m.poster, 'open_dispute', { ...a, p_reason: 'No' });
    case 'disputeW': return call(m.worker, 'open_dispute', { ...a, p_reason: 'Unpaid' });
    case 'release': return call(op, 'operator_resolve_dispute', { ...a, p_outcome: 'release', p_note: 'ok' });
    case 'refund': return call(op, 'operator_resolve_dispute', { ...a, p_outcome: 'refund', p_note: 'ok' });
    case 'split': {
      const [row] = await sql<{ c: number }>(m.be, "select coalesce((select credits_posted - debits_posted from ledger.accounts where key = 'held:' || $1), 0)::int as c", [app]);
      const half = Math.floor((row?.c ?? 0) / 2);
      return call(op, 'operator_resolve_dispute', { ...a, p_outcome: 'split', p_note: 'half', p_worker_cents: half, p_poster_cents: (row?.c ?? 0) - half });
    }
    case 'operatorRefund': return call(op, 'operator_refund_deal', { ...a, p_note: 'decided' });
    case 'payout': return call(op, 'operator_record_payout', { ...a, p_method: 'paypal', p_reference: 'OUT' });
    case 'confirmPayout': return call(m.worker, 'confirm_payout', a);
    case 'timers':
      await sql(m.be, "select private.run_payment_timers(now() + make_interval(days => $1))", [days]);
      return 200;
  }
}

describe('money fuzzing', () => {
  it('random interleavings by concurrent callers keep the books whole', { timeout: timeout('money: interleavings') }, async () => {
    const arb = fc.record({
      cents: fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 4 }),
      rounds: fc.array(fc.array(fc.record({
        deal: fc.nat(3),
        step: fc.oneof({ weight: 3, arbitrary: fc.constant<Step>('next') }, { weight: 2, arbitrary: fc.constantFrom(...STEPS) }),
        days: fc.integer({ min: 0, max: 30 }),
      }), { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 12 }),
    });
    await check('money: interleavings', arb, async ({ cents, rounds }) => {
      const apps = await deals(4, cents);
      for (const round of rounds) {
        const statuses = await Promise.all(round.map((s) => fire(apps[s.deal]!, s.step, s.days)));
        statuses.forEach(noteStatus);
        expect(statuses.filter((s) => s >= 500), JSON.stringify(round)).toEqual([]);
        expect(await booksHold(m.be), JSON.stringify(round)).toEqual(BOOKS_HOLD);
      }
    });
  });

  it('provider events delivered 1–10 times in any order are applied once each', { timeout: timeout('money: provider events') }, async () => {
    await sql(m.be, "update ledger.settings set provider = 'stripe'");
    let serial = 0;
    const story = fc.record({ funds: fc.boolean(), failed: fc.boolean(), opened: fc.boolean(), closed: fc.constantFrom(null, 'won', 'lost'), fee: fc.boolean() });
    const arb = fc.record({ stories: fc.array(story, { minLength: 1, maxLength: 3 }), copies: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 8, maxLength: 8 }), seed: fc.nat(), chunk: fc.integer({ min: 1, max: 6 }) });
    try {
      await check('money: provider events', arb, async ({ stories, copies, seed, chunk }) => {
        const apps = await deals(stories.length, [60000]);
        for (const app of apps) await rpc(m.be, m.poster, 'start_funding', { p_application_id: app });
        const run = ++serial;
        const events = stories.flatMap((s, i) => {
          const app = apps[i]!;
          const e = (type: string, payload: Record<string, unknown> = {}) => ({ id: `evt_${run}_${i}_${type}_${payload.outcome ?? ''}`, type, app, payload });
          return [s.funds && e('funds.received'), s.failed && e('funds.failed'), s.opened && e('dispute.opened'), s.closed && e('dispute.closed', { outcome: s.closed }), s.fee && e('provider.fee')]
            .filter((x): x is ReturnType<typeof e> => Boolean(x));
        });
        const deliveries = events.flatMap((e, i) => Array.from({ length: copies[i % copies.length]! }, () => e));
        const shuffled = fc.sample(fc.shuffledSubarray(deliveries, { minLength: deliveries.length, maxLength: deliveries.length }), { seed, numRuns: 1 })[0]!;
        const svc = serviceClient(m.be);
        for (let i = 0; i < shuffled.length; i += chunk) {
          const answers = await Promise.all(shuffled.slice(i, i + chunk).map((e) => svc.rpc('apply_payment_event', {
            p_provider: 'stripe', p_event_id: e.id, p_type: e.type, p_application_id: e.type === 'provider.fee' ? null : e.app,
            p_amount_cents: e.type === 'provider.fee' ? 100 : null, p_payload: e.payload,
          })));
          answers.forEach((a) => noteStatus(a.status));
          for (const a of answers) if (a.error) console.log('[fuzz-money] event refused', a.status, JSON.stringify(a.error));
          expect(answers.filter((a) => a.error), JSON.stringify(answers.map((a) => a.error))).toEqual([]);
        }
        const recorded = await sql<{ n: number }>(m.be, "select count(*)::int as n from ledger.provider_events where event_id like $1", [`evt_${run}_%`]);
        expect(recorded[0]!.n).toBe(events.length);
        expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
        for (const [i, s] of stories.entries()) {
          const expected = !s.funds ? 'accepted' : s.closed === 'lost' ? 'refunded' : s.opened ? 'disputed' : 'funded';
          const [row] = await sql<{ status: string; fundings: number }>(m.be,
            "select status, (select count(*)::int from ledger.transactions t where t.application_id = a.id and t.kind = 'funding' and t.phase in ('posted', 'post_pending')) as fundings from public.applications a where id = $1", [apps[i]]);
          // The page learns the deal's provider from deal_provider: a hold keeps its own, else the provider of the moment.
          const provider = (await rpc(m.be, m.poster, 'deal_provider', { p_application_id: apps[i] })).data;
          expect({ story: s, ...row, provider }).toEqual({ story: s, status: expected, fundings: s.funds ? 1 : 0, provider: 'stripe' });
        }
      });
    } finally {
      await sql(m.be, "update ledger.settings set provider = 'manual'");
    }
  });
});

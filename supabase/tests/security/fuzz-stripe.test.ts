/**
 * Property "stripe: endpoints" (fast-check, real HTTP, the Stripe adapter against its mock): any
 * request to /functions/v1/stripe-checkout, stripe-onboarding and stripe-webhook — by the poster,
 * the worker, a visitor, forged tokens; with hostile bodies, content types and application ids —
 * answers below 500; every webhook whose signature is not the endpoint secret's over those exact
 * bytes (none, garbage, another secret, another body, too old) is refused with 400 and records no
 * event; events Stripe signs with hostile objects of the types the adapter reads answer below 500;
 * and the books hold after every case.
 */
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../market/helpers';
import { acceptedDeal, BOOKS_HOLD, booksHold } from '../money/helpers';
import { useStripeMoney, WEBHOOK_SECRET } from '../money/stripe-helpers';
import { check, hostileJson, hostileString, noteStatus, summary, timeoutFor, type PropertyName } from 'backend/test/security/fuzz-support';
import { forgedTokens, send } from 'backend/test/security/helpers';

const PROPERTY: PropertyName = 'stripe: endpoints';
const m = useStripeMoney();
const sdk = new Stripe('sk_test_signingonly');
let app = '';
let forged: string[] = [];

beforeAll(async () => {
  ({ app } = await acceptedDeal(m));
  forged = Object.values((await forgedTokens(m.be, m.poster.token, m.worker)).bearer);
});
afterAll(() => console.log(summary('fuzz-stripe', [PROPERTY])));

const TYPES = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired', 'charge.dispute.created',
  'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated', 'transfer.created', 'refund.created', 'refund.updated', 'refund.failed', 'charge.updated', 'account.updated', 'payment_intent.created'] as const;
const bearer = fc.oneof(fc.constantFrom('poster', 'worker', 'visitor'), fc.nat().map((i) => `forged:${i}`));
const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', undefined);
const appId = fc.oneof(fc.constant('APP'), fc.uuid(), hostileString, fc.constantFrom(null, 600, [], {}));
const body = fc.oneof(fc.record({ application_id: appId }, { requiredKeys: [] }), hostileJson.map((v) => JSON.stringify(v) ?? ''), hostileString);

/** Signatures Stripe would never send for these bytes. */
const forgery = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  // Header values are bytes: a string's UTF-8 read as Latin-1, without the bytes no header may hold.
  hostileString.map((s) => ({ kind: 'raw' as const, raw: [...Buffer.from(s, 'utf8').toString('latin1')].filter((c) => c === '\t' || (c >= ' ' && c !== '\x7f')).join('') })),
  fc.constant({ kind: 'other secret' as const }),
  fc.constant({ kind: 'other body' as const }),
  fc.integer({ min: 301, max: 86_400 }).map((age) => ({ kind: 'old' as const, age })),
);
type Forgery = typeof forgery extends fc.Arbitrary<infer T> ? T : never;

function signature(f: Forgery, payload: string): string | undefined {
  const now = Math.floor(Date.now() / 1000);
  switch (f.kind) {
    case 'none': return undefined;
    case 'raw': return f.raw;
    case 'other secret': return sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_notthisendpoints' });
    case 'other body': return sdk.webhooks.generateTestHeaderString({ payload: `${payload} `, secret: WEBHOOK_SECRET });
    case 'old': return sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now - f.age });
  }
}

/** Objects shaped like the ones the adapter reads, naming the real deal or not, with hostile fields. */
const field = <T>(...good: T[]) => fc.oneof(fc.constantFrom(...good), hostileJson);
const stripeObject = fc.oneof(hostileJson, fc.record({
  id: field('cs_test_1', 'pi_1', 're_1', 'tr_1', 'du_1', 'ch_1', 'acct_1'),
  metadata: fc.oneof(fc.constant({ application_id: 'APP' }), fc.record({ application_id: appId, transaction_id: field('1', '2', '999999') }, { requiredKeys: [] }), hostileJson),
  status: field('succeeded', 'failed', 'pending', 'won', 'lost', 'complete', 'expired'),
  payment_status: field('paid', 'unpaid'),
  amount: field(60000, 1, 0, -5, 1.5), amount_total: field(60000, 1, 0, -5, 1.5),
  payment_intent: field('pi_1', 'pi_unknown', null), balance_transaction: field('txn_1', null), reason: hostileJson, failure_reason: hostileJson,
  // A dispute's balance transactions, whose fees are booked: good ones, negative (given back) and hostile.
  balance_transactions: fc.oneof(hostileJson, fc.array(fc.oneof(hostileJson, fc.record({ id: field('txn_d1', 'txn_d2'), fee: field(1500, -1500, 0, 1.5, Number.MAX_SAFE_INTEGER) }, { requiredKeys: [] })), { maxLength: 6 })),
}, { requiredKeys: [] }));
const request = fc.oneof(
  fc.record({ to: fc.constantFrom('stripe-checkout', 'stripe-onboarding'), who: bearer, type: contentType, body }),
  fc.record({ to: fc.constant('webhook: forged' as const), forgery, event: fc.record({ type: fc.constantFrom(...TYPES), object: hostileJson }) }),
  fc.record({ to: fc.constant('webhook: signed' as const), event: fc.record({ type: fc.constantFrom(...TYPES), object: stripeObject }) }),
);
type Request = typeof request extends fc.Arbitrary<infer T> ? T : never;

const events = async () => Number((await sql<{ n: string }>(m.be, 'select count(*)::text as n from ledger.provider_events'))[0]!.n);

async function run(r: Request): Promise<void> {
  const context = JSON.stringify(r).slice(0, 400);
  if (!('event' in r)) {
    const raw = typeof r.body === 'string' ? r.body : JSON.stringify(r.body).replace('"APP"', JSON.stringify(app));
    const token = r.who === 'poster' ? m.poster.token : r.who === 'worker' ? m.worker.token : r.who === 'visitor' ? undefined : forged[Number(r.who.slice(7)) % forged.length];
    const a = await send(m.be, { method: 'POST', path: `/functions/v1/${r.to}`, bearer: token, headers: r.type ? { 'content-type': r.type } : {}, body: raw });
    noteStatus(a.status);
    expect(a.status, `${context} → ${a.text.slice(0, 300)}`).toBeLessThan(500);
    if (r.who !== 'poster' && r.who !== 'worker') expect(a.status, context).toBeGreaterThanOrEqual(400);
    return;
  }
  const payload = JSON.stringify({ id: `evt_fuzz${Math.random().toString(36).slice(2)}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type: r.event.type, data: { object: r.event.object } }).replaceAll('"APP"', JSON.stringify(app));
  const before = await events();
  const sig = r.to === 'webhook: forged' ? signature(r.forgery, payload) : sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const a = await send(m.be, { method: 'POST', path: '/functions/v1/stripe-webhook', apikey: null, headers: { 'content-type': 'application/json', ...(sig !== undefined && { 'stripe-signature': sig }) }, body: payload });
  noteStatus(a.status);
  if (r.to === 'webhook: forged') {
    expect(a.status, `${context} → ${a.text.slice(0, 300)}`).toBe(400);
    expect(await events(), context).toBe(before);
  } else {
    expect(a.status, `${context} → ${a.text.slice(0, 300)}`).toBeLessThan(500);
  }
}

describe('fuzz: the Stripe endpoints', () => {
  it(PROPERTY, async () => {
    await check(PROPERTY, request, async (r) => {
      await run(r);
      expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
    });
  }, timeoutFor(PROPERTY));
});

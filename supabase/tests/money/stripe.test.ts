/**
 * Contract tests of the Stripe adapter (PAYMENT_PROVIDER=stripe) against a stateful mock of the
 * Stripe API (stripe-mock.ts, typed by the SDK's definitions), through the real SDK and the real
 * backend: onboarding link, checkout, webhook → funded, release → transfer, refund, dispute; the
 * webhook's signature, replays and out-of-order delivery.
 */
import { describe, expect, it } from 'vitest';
import { client } from 'backend/test/rest/helpers';
import { rpc, sql } from '../market/helpers';
import { acceptedDeal, BOOKS_HOLD, booksHold, journal, ok, status } from './helpers';
import { checkout as checkoutFor, deliver, delivered, funded as fundedThrough, invoke, useStripeMoney, drainWork, mockClient } from './stripe-helpers';

const m = useStripeMoney();

const checkout = () => checkoutFor(m);
const funded = () => fundedThrough(m);

const keysOf = (path: string) => m.stripe.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.key);

describe('onboarding', () => {
  it('a worker gets an account link; the account is made once; account.updated enables payouts', async () => {
    const { data, error } = await client(m.be, m.worker).functions.invoke<{ url: string }>('stripe-onboarding');
    expect(error).toBeNull();
    expect(data!.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_\w+\//);
    const again = await invoke(m.be, m.worker, 'stripe-onboarding');
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(data!.url);
    expect(m.stripe.accounts.size).toBe(1);
    const [account] = m.stripe.accounts.keys();
    expect(keysOf('/v1/accounts')).toEqual([`connect-account:${m.worker.id}`]);
    const details = () => sql<{ stripe_account_id: string; stripe_payouts_enabled: boolean }>(m.be, 'select stripe_account_id, stripe_payouts_enabled from public.payout_details where user_id = $1', [m.worker.id]);
    expect(await details()).toEqual([{ stripe_account_id: account, stripe_payouts_enabled: false }]);

    const stale = m.stripe.finishOnboarding(account!, false);
    const fresh = m.stripe.finishOnboarding(account!, true);
    expect(await delivered(m.be, fresh)).toBe('payouts_enabled');
    // An older event arriving late: the account is read afresh, so payouts stay enabled.
    expect(await delivered(m.be, stale)).toBe('payouts_enabled');
    expect(await details()).toEqual([{ stripe_account_id: account, stripe_payouts_enabled: true }]);
  });

  it('the link brings the member back to the view they left; stripe-account reads the account from Stripe at once (no webhook needed)', async () => {
    const member = m.third;
    expect(await invoke(m.be, member, 'stripe-account')).toEqual({ status: 200, body: { account: false, payouts_enabled: false, details_submitted: false } });
    expect(await invoke(m.be, member, 'stripe-onboarding', { return_to: 'https://evil.example/' })).toMatchObject({ status: 400, body: { message: 'return_to must be a view of the page, like #gig/<id>' } });
    expect(await invoke(m.be, member, 'stripe-onboarding', ['#gig/x'])).toMatchObject({ status: 400, body: { message: 'The body must be a JSON object' } });
    const gig = '0b6c2f3e-1d2a-4c5b-8e9f-000000000001';
    expect((await invoke(m.be, member, 'stripe-onboarding', { return_to: `#gig/${gig}` })).status).toBe(200);
    const link = m.stripe.calls.filter((c) => c.path === '/v1/account_links').at(-1)!.params!;
    expect(link).toMatchObject({ return_url: `${m.be.config.SITE_URL.replace(/\/$/, '')}/?stripe_onboarding=done#gig/${gig}`, refresh_url: expect.stringMatching(/\?stripe_onboarding=refresh#gig\//) });
    const account = link.account as string;
    expect(await invoke(m.be, member, 'stripe-account')).toEqual({ status: 200, body: { account: true, payouts_enabled: false, details_submitted: false } });
    m.stripe.finishOnboarding(account); // the event is not delivered: the page asks Stripe itself
    expect(await invoke(m.be, member, 'stripe-account')).toEqual({ status: 200, body: { account: true, payouts_enabled: true, details_submitted: true } });
    expect(await sql(m.be, 'select stripe_payouts_enabled from public.payout_details where user_id = $1', [member.id])).toEqual([{ stripe_payouts_enabled: true }]);
    expect((await invoke(m.be, undefined, 'stripe-account')).status).toBe(401);
  });

  it('a visitor is refused; Stripe refusing is a server error, and trying again works', async () => {
    expect((await invoke(m.be, undefined, 'stripe-onboarding')).status).toBe(401);
    m.stripe.refuseNext = 'Connect is not enabled on this platform';
    expect(await invoke(m.be, m.third, 'stripe-onboarding')).toMatchObject({ status: 500, body: { code: 'internal_error', message: 'Internal server error' } });
    expect((await invoke(m.be, m.third, 'stripe-onboarding')).status).toBe(200);
  });
});

describe('checkout and funding', () => {
  it('the poster gets a Checkout Session of the deal, in its transfer group, once per hold, coming back to the gig', async () => {
    const { app, gig } = await acceptedDeal(m);
    const first = await invoke(m.be, m.poster, 'stripe-checkout', { application_id: app });
    expect(first).toEqual({ status: 200, body: { url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//), session_id: expect.stringMatching(/^cs_test_/) } });
    const again = await invoke(m.be, m.poster, 'stripe-checkout', { application_id: app });
    expect(again.body.session_id).toBe(first.body.session_id);
    const session = m.stripe.sessions.get(first.body.session_id as string)!;
    expect(session).toMatchObject({ mode: 'payment', amount_total: 60000, currency: 'usd', client_reference_id: app, metadata: { application_id: app } });
    // Paid or not, the poster comes back to the gig's page, which says what it is waiting for.
    const site = m.be.config.SITE_URL.replace(/\/$/, '');
    expect([session.success_url, session.cancel_url]).toEqual([`${site}/?payment=done&application=${app}#gig/${gig}`, `${site}/?payment=cancelled&application=${app}#gig/${gig}`]);
    // The page learns the deal runs on Stripe: both parties, the open hold's provider (nobody else).
    for (const who of [m.poster, m.worker]) expect((await rpc(m.be, who, 'deal_provider', { p_application_id: app })).data).toBe('stripe');
    expect((await rpc(m.be, m.third, 'deal_provider', { p_application_id: app })).data).toBeNull();
    const [hold] = await sql<{ id: string }>(m.be, "select id::text from ledger.transactions where application_id = $1 and kind = 'funding' and phase = 'pending'", [app]);
    expect(keysOf('/v1/checkout/sessions').at(-1)).toBe(`fund-hold:${app}:${hold!.id}`);
    expect(await status(m, app)).toBe('accepted');
  });

  it('refuses what the database refuses, and bad input, with a 4xx', async () => {
    const { app } = await acceptedDeal(m);
    expect(await invoke(m.be, m.worker, 'stripe-checkout', { application_id: app })).toMatchObject({ status: 403, body: { message: "Only the gig's poster can pay for this deal" } });
    expect(await invoke(m.be, m.poster, 'stripe-checkout', { application_id: 'nope' })).toMatchObject({ status: 400, body: { message: 'application_id must be a UUID' } });
    expect((await invoke(m.be, undefined, 'stripe-checkout', { application_id: app })).status).toBe(401);
  });

  it('checkout.session.completed funds the deal once; a replay is a duplicate; an expired session voids the hold', async () => {
    const { app, session } = await checkout();
    const paid = m.stripe.pay(session);
    expect(await delivered(m.be, paid)).toBe('applied');
    expect(await status(m, app)).toBe('funded');
    for (let i = 0; i < 3; i++) expect(await delivered(m.be, paid)).toBe('duplicate');
    expect(await journal(m.be, app)).toEqual(['funding/pending: cash Dr 60000 held Cr 60000', 'funding/post_pending: cash Dr 60000 held Cr 60000']);

    const other = await checkout();
    expect(await delivered(m.be, m.stripe.expire(other.session))).toBe('applied');
    expect((await journal(m.be, other.app)).at(-1)).toBe('funding/void_pending:');
  });
});

describe('release, refund, dispute', () => {
  it('release → a Transfer of the worker\'s share from the funding charge; booked once', async () => {
    const { app, pi } = await funded();
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Done' });
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    expect(await status(m, app)).toBe('released');
    const results = await drainWork(m);
    expect(results).toEqual([{ key: `payout:${app}`, outcome: 'applied' }]);
    const [transfer] = [...m.stripe.transfers.values()];
    expect(transfer).toMatchObject({ amount: 57000, currency: 'usd', destination: [...m.stripe.accounts.keys()][0], transfer_group: `app_${app}`, source_transaction: m.stripe.intents.get(pi)!.latest_charge, metadata: { application_id: app } });
    expect(keysOf('/v1/transfers')).toEqual([`payout:${app}`]);
    expect(await status(m, app)).toBe('paid_out');
    // Stripe's own transfer.created for it: the payout is already booked.
    expect(await delivered(m.be, m.stripe.event('transfer.created', transfer!))).toBe('ignored');
    expect(await drainWork(m)).toEqual([]);
    expect((await journal(m.be, app)).at(-1)).toBe('payout/posted: payable Dr 57000 cash Cr 57000');
  });

  it('a transfer made by a round that crashed before booking it is booked by a later one, once; a refused one is retried', async () => {
    const { app, pi } = await funded();
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Done' });
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    m.stripe.refuseNext = 'Insufficient funds in Stripe account';
    expect(await drainWork(m)).toEqual([{ key: `payout:${app}`, outcome: expect.stringMatching(/^error: Insufficient funds/) }]);
    expect(await status(m, app)).toBe('released');
    // The call a crashed round made, over 24 hours ago: Stripe has forgotten its idempotency key …
    const made = await mockClient(m).transfers.create({
      metadata: { application_id: app }, source_transaction: m.stripe.intents.get(pi)!.latest_charge as string,
      transfer_group: `app_${app}`, destination: [...m.stripe.accounts.keys()][0]!, currency: 'usd', amount: 57000,
    }, { idempotencyKey: 'a key Stripe no longer remembers' });
    // … the next round finds that Transfer in the deal's transfer group and books it.
    expect(await drainWork(m)).toEqual([{ key: `payout:${app}`, outcome: 'applied' }]);
    expect([...m.stripe.transfers.values()].filter((t) => t.transfer_group === `app_${app}`).map((t) => t.id)).toEqual([made.id]);
    expect(await status(m, app)).toBe('paid_out');
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('a cancelled funded deal → a Refund on its payment; booked once', async () => {
    const { app, pi } = await funded();
    await ok(m, m.poster, 'cancel_deal', { p_application_id: app });
    const [due] = await sql<{ id: string }>(m.be, "select id::text from ledger.transactions where application_id = $1 and kind = 'refund'", [app]);
    expect(await drainWork(m)).toEqual([{ key: `refund-sent:${due!.id}`, outcome: 'applied' }]);
    const refund = [...m.stripe.refunds.values()].find((r) => r.payment_intent === pi)!;
    expect(refund).toMatchObject({ amount: 60000, status: 'succeeded', metadata: { transaction_id: due!.id, application_id: app } });
    expect(keysOf('/v1/refunds')).toContain(`refund-sent:${due!.id}`);
    expect(await delivered(m.be, m.stripe.event('refund.created', refund))).toBe('ignored');
    expect(await status(m, app)).toBe('refunded');
    expect((await journal(m.be, app)).at(-1)).toBe('refund_sent/posted: refund_due Dr 60000 cash Cr 60000');
  });

  it('a refund Stripe answers pending is booked by its refund.updated', async () => {
    const { app, pi } = await funded();
    await ok(m, m.poster, 'cancel_deal', { p_application_id: app });
    m.stripe.refundStatus = 'pending';
    try {
      expect((await drainWork(m)).map((r) => r.outcome)).toEqual(['refund pending']);
    } finally {
      m.stripe.refundStatus = 'succeeded';
    }
    expect((await journal(m.be, app)).at(-1)).toBe('refund/posted: held Dr 60000 refund_due Cr 60000');
    const refund = [...m.stripe.refunds.values()].find((r) => r.payment_intent === pi)!;
    // The next round finds that pending refund instead of making a second one.
    expect((await drainWork(m)).map((r) => r.outcome)).toEqual(['refund pending']);
    expect([...m.stripe.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
    expect(await delivered(m.be, m.stripe.settleRefund(refund.id))).toBe('applied');
    expect((await journal(m.be, app)).at(-1)).toBe('refund_sent/posted: refund_due Dr 60000 cash Cr 60000');
    expect(await drainWork(m)).toEqual([]);
  });

  it('a dispute freezes the funds; lost, it is a chargeback', async () => {
    const { app, pi } = await funded();
    expect(await delivered(m.be, m.stripe.dispute(pi))).toBe('applied');
    expect(await status(m, app)).toBe('disputed');
    expect(await drainWork(m)).toEqual([]);
    expect(await delivered(m.be, m.stripe.dispute(pi, 'lost'))).toBe('applied');
    expect(await status(m, app)).toBe('refunded');
  });

  it('events out of order: a dispute before its checkout waits for it', async () => {
    const { app, session } = await checkout();
    const paid = m.stripe.pay(session);
    const pi = m.stripe.sessions.get(session)!.payment_intent as string;
    expect(await delivered(m.be, m.stripe.dispute(pi))).toBe('deferred');
    expect(await status(m, app)).toBe('accepted');
    expect(await delivered(m.be, paid)).toBe('applied');
    expect(await status(m, app)).toBe('disputed');
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });
});

describe('the webhook', () => {
  it('refuses a bad or missing signature and a tampered body with 400, changing nothing', async () => {
    const { app, session } = await checkout();
    const paid = m.stripe.pay(session);
    expect(await deliver(m.be, paid, 'whsec_somebodyelsessecret')).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    const tampered = JSON.stringify(paid).replace('"livemode":false', '"livemode":true');
    const res = await fetch(`${m.be.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body: tampered });
    expect(res.status).toBe(400);
    const unsigned = await fetch(`${m.be.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(paid) });
    expect(unsigned.status).toBe(400);
    expect(await status(m, app)).toBe('accepted');
    expect(await delivered(m.be, paid)).toBe('applied');
  });

  it('acknowledges events that are not the books\' business', async () => {
    expect(await delivered(m.be, m.stripe.event('payment_intent.created', { id: 'pi_x', object: 'payment_intent' }))).toBe('unhandled');
    expect(await delivered(m.be, m.stripe.event('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', payment_status: 'paid', metadata: {} }))).toBe('unhandled');
  });
});

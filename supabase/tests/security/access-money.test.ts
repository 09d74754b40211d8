/**
 * Access control of the money, over real HTTP: the deal's notes and a member's payout details, the
 * operator queues, the deal steps, the money reads, the operator functions and the provider port,
 * × the visitor, the worker W, the poster P, another member O, an operator Op and forged tokens.
 * Refused (status and code) or filtered to no foreign row, nothing changes (the ledger included),
 * and W's payout address never reaches anyone but W and the operator. The books themselves are no
 * API's: neither the ledger schema nor a private function is reachable.
 * Setup: P's $600 deal with W funded (Op confirmed it) and delivered; a second released, with its
 * release's transaction for receipts; W's PayPal address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canary } from 'backend/test/security/fuzz-support';
import { send, signUp } from 'backend/test/security/helpers';
import { attempt, useParties, type Scenario } from './market-support';

const p = useParties('money-');
const { ids } = p;
const secret = { paypal: '' };

beforeAll(async () => {
  const { be, acc, call } = p;
  p.more.Op = await signUp(be, 'money-operator@example.com', 'operator-password', { full_name: 'Olga Operator' });
  await be.db.transaction((tx) => tx.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"operator"}' where id = $1`, [p.more.Op!.id]));
  const gig = { description: 'Work', payment_type: 'fixed', rate: 600, hours: 2, location: 'remote' };
  for (const key of ['deal', 'released']) {
    const g = (await call(acc.P, '/rest/v1/gigs', { ...gig, title: key }))[0]!.id!;
    ids[key] = (await call(acc.W, '/rest/v1/rpc/apply_to_gig', { p_gig_id: g, p_message: 'W applies' })).id!;
    await call(acc.P, '/rest/v1/rpc/accept_application', { p_application_id: ids[key] });
    await call(acc.P, '/rest/v1/rpc/start_funding', { p_application_id: ids[key] });
    await call(p.more.Op!, '/rest/v1/rpc/operator_confirm_funds', { p_application_id: ids[key], p_reference: 'PP' });
    await call(acc.W, '/rest/v1/rpc/deliver_work', { p_application_id: ids[key], p_note: 'Done' });
  }
  await call(acc.P, '/rest/v1/rpc/approve_work', { p_application_id: ids.released });
  const [txn] = (await send(be, { method: 'POST', path: '/rest/v1/rpc/deal_money', bearer: acc.W.access, body: { p_application_id: ids.released } })).json as { transaction_id: number }[];
  ids.txn = String(txn!.transaction_id);
  secret.paypal = `${canary('paypal')}@example.com`;
  await call(acc.W, '/rest/v1/payout_details', { paypal_email: secret.paypal });
});

const R = '/rest/v1';
const rpc = (fn: string) => `${R}/rpc/${fn}`;
const deal = { p_application_id: '{deal}' };
const MEMBER_FNS: [string, Record<string, unknown>][] = [
  ['start_funding', deal], ['fund_with_credit', deal], ['cancel_deal', deal], ['deliver_work', { ...deal, p_note: 'x' }], ['request_changes', { ...deal, p_note: 'x' }],
  ['approve_work', deal], ['open_dispute', { ...deal, p_reason: 'x' }], ['confirm_payout', deal], ['my_money', {}], ['money_statement', { p_side: 'earnings' }],
  ['receipt', { p_transaction_id: '{txn}' }], ['deal_money', deal], ['deal_provider', deal],
];
const OPERATOR_FNS: [string, Record<string, unknown>][] = [
  ['operator_confirm_funds', { ...deal, p_reference: 'x' }], ['operator_void_funds', { ...deal, p_note: 'x' }], ['operator_record_payout', { p_application_id: '{released}', p_method: 'paypal', p_reference: 'x' }],
  ['operator_record_refund', { p_transaction_id: '{txn}', p_method: 'paypal', p_reference: 'x' }], ['operator_resolve_dispute', { ...deal, p_outcome: 'refund', p_note: 'x' }],
  ['operator_refund_deal', { ...deal, p_note: 'x' }], ['operator_confirm_payment', { p_payment_id: '{deal}', p_reference: 'x' }], ['operator_void_payment', { p_payment_id: '{deal}', p_note: 'x' }],
];
const VIEWS = ['operator_funds_awaiting', 'operator_payouts_due', 'operator_refunds_due', 'operator_disputes', 'operator_revenue', 'operator_payment_events'];
const PORT: [string, Record<string, unknown>][] = [['apply_payment_event', { p_provider: 'stripe', p_event_id: 'evt_1', p_type: 'funds.received', p_application_id: '{deal}' }], ['payment_work', { p_provider: 'stripe' }]];
const rep = { prefer: 'return=representation' };

const scenarios: Scenario[] = [
  // ── the visitor ────────────────────────────────────────────────────────────────────────────
  { name: 'visitor: read deal notes', as: 'visitor', method: 'GET', path: `${R}/deal_notes`, status: 401, code: '42501' },
  { name: 'visitor: read payout details', as: 'visitor', method: 'GET', path: `${R}/payout_details`, status: 401, code: '42501' },
  { name: 'visitor: write payout details', as: 'visitor', method: 'POST', path: `${R}/payout_details`, body: { user_id: '{W}', paypal_email: 'thief@example.com' }, status: 401, code: '42501' },
  ...VIEWS.map((v): Scenario => ({ name: `visitor: read ${v}`, as: 'visitor', method: 'GET', path: `${R}/${v}`, status: 401, code: '42501' })),
  ...[...MEMBER_FNS, ...OPERATOR_FNS, ...PORT].map(([fn, body]): Scenario => ({ name: `visitor: rpc ${fn}`, as: 'visitor', method: 'POST', path: rpc(fn), body, status: 401, code: '42501' })),
  { name: 'visitor: the ledger schema', as: 'visitor', method: 'GET', path: `${R}/transactions`, headers: { 'accept-profile': 'ledger' }, status: 406, code: 'PGRST106' },
  { name: 'visitor: rpc private.run_payment_timers', as: 'visitor', method: 'POST', path: rpc('run_payment_timers'), body: { p_now: '2999-01-01T00:00:00Z' }, status: 404, code: 'PGRST202' },

  // ── another member (O) ─────────────────────────────────────────────────────────────────────
  { name: "O: read W and P's deal notes", as: 'O', method: 'GET', path: `${R}/deal_notes?application_id=eq.{deal}`, status: 200, code: null, rows: 'none' },
  { name: "O: read W's payout details", as: 'O', method: 'GET', path: `${R}/payout_details?user_id=eq.{W}`, status: 200, code: null, rows: 'none' },
  { name: "O: redirect W's payouts by update", as: 'O', method: 'PATCH', path: `${R}/payout_details?user_id=eq.{W}`, body: { paypal_email: 'thief@example.com' }, headers: rep, status: 200, code: null, rows: 'none' },
  { name: "O: payout details in W's name", as: 'O', method: 'POST', path: `${R}/payout_details`, body: { user_id: '{W}', paypal_email: 'thief@example.com' }, status: 403, code: '42501' },
  { name: 'O: write a deal note', as: 'O', method: 'POST', path: `${R}/deal_notes`, body: { application_id: '{deal}', author_role: 'operator', kind: 'resolution', body: 'Refund me' }, status: 403, code: '42501' },
  ...VIEWS.map((v): Scenario => ({ name: `O: read ${v}`, as: 'O', method: 'GET', path: `${R}/${v}`, status: 200, code: null, rows: 'none' })),
  ...MEMBER_FNS.filter(([fn]) => !['my_money', 'money_statement', 'receipt', 'deal_money', 'deal_provider'].includes(fn))
    .map(([fn, body]): Scenario => ({ name: `O: rpc ${fn} on W and P's deal`, as: 'O', method: 'POST', path: rpc(fn), body, status: 404, code: 'PT404' })),
  { name: "O: rpc deal_money of W and P's deal", as: 'O', method: 'POST', path: rpc('deal_money'), body: deal, status: 200, code: null, rows: 'none' },
  { name: "O: rpc deal_provider of W and P's deal", as: 'O', method: 'POST', path: rpc('deal_provider'), body: deal, status: 200, code: null },
  { name: "O: rpc receipt of P's release", as: 'O', method: 'POST', path: rpc('receipt'), body: { p_transaction_id: '{txn}' }, status: 404, code: 'PT404' },
  ...OPERATOR_FNS.map(([fn, body]): Scenario => ({ name: `O: rpc ${fn}`, as: 'O', method: 'POST', path: rpc(fn), body, status: 403, code: '42501' })),
  ...PORT.map(([fn, body]): Scenario => ({ name: `O: rpc ${fn}`, as: 'O', method: 'POST', path: rpc(fn), body, status: 403, code: '42501' })),

  // ── the poster (P) beyond its part ─────────────────────────────────────────────────────────
  { name: 'P: deliver for the worker', as: 'P', method: 'POST', path: rpc('deliver_work'), body: { p_application_id: '{released}', p_note: 'x' }, status: 409, code: 'PT409' },
  { name: 'P: confirm its own funds arrived', as: 'P', method: 'POST', path: rpc('operator_confirm_funds'), body: { ...deal, p_reference: 'x' }, status: 403, code: '42501' },
  { name: 'P: mark the deal released by update', as: 'P', method: 'PATCH', path: `${R}/applications?id=eq.{deal}`, body: { status: 'released' }, status: 403, code: '42501' },
  { name: 'P: cancel after the delivery (a refund)', as: 'P', method: 'POST', path: rpc('cancel_deal'), body: deal, status: 409, code: 'PT409' },
  { name: 'P: delete the delivery note', as: 'P', method: 'DELETE', path: `${R}/deal_notes?application_id=eq.{deal}`, status: 403, code: '42501' },
  { name: "P: read W's payout details", as: 'P', method: 'GET', path: `${R}/payout_details?user_id=eq.{W}`, status: 200, code: null, rows: 'none' },
  // ── the worker (W) beyond its part ─────────────────────────────────────────────────────────
  { name: 'W: approve its own work', as: 'W', method: 'POST', path: rpc('approve_work'), body: deal, status: 403, code: '42501' },
  { name: 'W: record its own payout', as: 'W', method: 'POST', path: rpc('operator_record_payout'), body: { p_application_id: '{released}', p_method: 'paypal', p_reference: 'x' }, status: 403, code: '42501' },
  { name: 'W: set its own Stripe account', as: 'W', method: 'PATCH', path: `${R}/payout_details?user_id=eq.{W}`, body: { stripe_account_id: 'acct_1x', stripe_payouts_enabled: true }, status: 403, code: '42501' },
  { name: 'W: raise the held amount by update', as: 'W', method: 'PATCH', path: `${R}/applications?id=eq.{deal}`, body: { deal_worker_cents: 60000 }, status: 403, code: '42501' },
  // ── the operator beyond its part ───────────────────────────────────────────────────────────
  { name: 'Op: approve a deal it is no party of', as: 'member:Op', method: 'POST', path: rpc('approve_work'), body: deal, status: 404, code: 'PT404' },
  { name: 'Op: deliver for the worker', as: 'member:Op', method: 'POST', path: rpc('deliver_work'), body: { ...deal, p_note: 'x' }, status: 404, code: 'PT404' },
  { name: 'Op: report a provider event', as: 'member:Op', method: 'POST', path: rpc('apply_payment_event'), body: PORT[0]![1], status: 403, code: '42501' },
  { name: 'Op: rewrite a delivery note', as: 'member:Op', method: 'PATCH', path: `${R}/deal_notes?application_id=eq.{deal}`, body: { body: 'nothing was delivered' }, status: 403, code: '42501' },
  { name: 'Op: resolve a deal that is not disputed', as: 'member:Op', method: 'POST', path: rpc('operator_resolve_dispute'), body: { ...deal, p_outcome: 'refund', p_note: 'x' }, status: 409, code: 'PT409' },

  // ── forged tokens ─────────────────────────────────────────────────────────────────────────
  { name: 'sub edited to P, signature kept: approve_work', as: 'bearer:subOfOtherSignatureKept', method: 'POST', path: rpc('approve_work'), body: deal, status: 401, code: 'PGRST301' },
  { name: 'alg none service_role: apply_payment_event', as: 'bearer:algNoneServiceRole', method: 'POST', path: rpc('apply_payment_event'), body: PORT[0]![1], status: 401, code: 'PGRST301' },
  { name: 'expired: operator_confirm_funds', as: 'bearer:expired', method: 'POST', path: rpc('operator_confirm_funds'), body: { ...deal, p_reference: 'x' }, status: 401, code: 'PGRST303' },
  { name: 'anon key edited to service_role: payment_work', as: 'apikey:anonKeyEditedToServiceRole', method: 'POST', path: rpc('payment_work'), body: PORT[1]![1], status: 401, code: 'PGRST301' },
  { name: 'the anon key as a user token: start_funding', as: 'anonAsUser', method: 'POST', path: rpc('start_funding'), body: deal, status: 401, code: '42501' },
];

describe('money access control under attack', () => {
  it('covers every new table, view and function, each scenario named once', () => {
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    const text = scenarios.map((s) => s.path).join(' ');
    for (const thing of ['deal_notes', 'payout_details', ...VIEWS, ...[...MEMBER_FNS, ...OPERATOR_FNS, ...PORT].map(([fn]) => fn)]) expect(text).toContain(thing);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const answer = await attempt(p, s);
    if (s.as !== 'W' && s.as !== 'member:Op') expect(answer.text).not.toContain(secret.paypal);
  });
});

describe('the same reads by the right party succeed', () => {
  it("W reads its payout address, the operator sees it on the payout due, the parties (only) read the deal's provider, anyone reads the campaign's figures", async () => {
    const { be, acc } = p;
    expect((await send(be, { path: `${R}/payout_details?select=paypal_email`, bearer: acc.W.access })).json).toEqual([{ paypal_email: secret.paypal }]);
    const due = (await send(be, { path: `${R}/operator_payouts_due?select=application_id,paypal_email,amount_cents`, bearer: p.more.Op!.access })).json;
    expect(due).toEqual([{ application_id: ids.released, paypal_email: secret.paypal, amount_cents: 57000 }]);
    for (const [who, provider] of [[acc.P, 'manual'], [acc.W, 'manual'], [acc.O, null]] as const) {
      expect((await send(be, { method: 'POST', path: rpc('deal_provider'), bearer: who.access, body: { p_application_id: ids.deal } })).json).toBe(provider);
    }
    const campaign = await send(be, { method: 'POST', path: rpc('campaign_progress'), body: {} });
    expect(campaign.json).toEqual([expect.objectContaining({ weekly_goal: 10, gigs_released_this_week: 1, fees_kept_cents: 3000 })]);
  });
});

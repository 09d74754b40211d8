/**
 * A small stateful fake of the Stripe API endpoints the adapter calls, for contract tests on a
 * machine with no route to Stripe. Every object it answers is typed as a `Pick` of the SDK's own
 * type (stripe-node's TypeScript definitions, generated from Stripe's OpenAPI description), so a
 * field the adapter reads that Stripe does not send fails the type check; requests arrive through
 * the real SDK (form encoding, headers, retries) and are checked for the parameters Stripe
 * requires. Like Stripe, a repeated Idempotency-Key answers the first answer again (and a reused
 * key with other parameters is an idempotency_error).
 *
 * Test controls stand in for what happens at Stripe: a customer pays a Checkout Session, a
 * dispute is opened or closed, an account finishes onboarding — each returns the event Stripe
 * would send, to be signed and delivered with `deliver` (supabase/tests/money/stripe-helpers.ts).
 *
 * It stays beside the harness because two trees use it: the app's Stripe tests
 * (supabase/tests/money/stripe*.test.ts) and the browsers' Stripe journey (e2e).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';

type Account = Pick<Stripe.Account, 'id' | 'object' | 'type' | 'email' | 'metadata' | 'payouts_enabled' | 'charges_enabled' | 'details_submitted'>;
type AccountLink = Pick<Stripe.AccountLink, 'object' | 'url' | 'created' | 'expires_at'>;
type Session = Pick<Stripe.Checkout.Session, 'id' | 'object' | 'mode' | 'status' | 'payment_status' | 'amount_total' | 'currency' | 'client_reference_id' | 'metadata' | 'payment_intent' | 'url' | 'success_url' | 'cancel_url'>;
type PaymentIntent = Pick<Stripe.PaymentIntent, 'id' | 'object' | 'amount' | 'currency' | 'status' | 'metadata' | 'transfer_group' | 'latest_charge'>;
type Transfer = Pick<Stripe.Transfer, 'id' | 'object' | 'amount' | 'currency' | 'destination' | 'transfer_group' | 'source_transaction' | 'metadata' | 'reversed'>;
type Refund = Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'currency' | 'payment_intent' | 'status' | 'metadata' | 'failure_reason'>;
type Charge = Pick<Stripe.Charge, 'id' | 'object' | 'amount' | 'currency' | 'payment_intent' | 'status' | 'balance_transaction'>;
type BalanceTransaction = Pick<Stripe.BalanceTransaction, 'id' | 'object' | 'amount' | 'fee' | 'net' | 'currency' | 'type' | 'source'>;
type Dispute = Pick<Stripe.Dispute, 'id' | 'object' | 'amount' | 'currency' | 'charge' | 'payment_intent' | 'reason' | 'status'> & { balance_transactions: BalanceTransaction[] };
export type MockEvent = Pick<Stripe.Event, 'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'> & { type: Stripe.Event['type']; data: { object: object } };

type Params = Record<string, unknown>;
class StripeFail extends Error {
  constructor(readonly status: number, readonly type: string, message: string, readonly param?: string) {
    super(message);
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function decodeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let at: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else at = (at[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** Parameters compared as Stripe compares them: by value, whatever their order. */
const canonical = (v: unknown): string =>
  v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${k}:${canonical((v as Params)[k])}`).join(',')}}` : JSON.stringify(v);

/** A list answer, newest first (these lists stay far below one page). */
const list = <T>(url: string, data: T[]): Pick<Stripe.ApiList<T>, 'object' | 'data' | 'has_more' | 'url'> => ({ object: 'list', data: data.reverse(), has_more: false, url });

function need(p: Params, ...names: string[]): void {
  for (const n of names) if (p[n] === undefined || p[n] === '') throw new StripeFail(400, 'invalid_request_error', `Missing required param: ${n}.`, n);
}
const amount = (p: Params, name = 'amount'): number => {
  const n = Number(p[name]);
  if (!Number.isInteger(n) || n < 1) throw new StripeFail(400, 'invalid_request_error', `Invalid integer: ${String(p[name])}`, name);
  return n;
};

export class StripeMock {
  readonly accounts = new Map<string, Account>();
  readonly sessions = new Map<string, Session>();
  readonly intents = new Map<string, PaymentIntent>();
  readonly transfers = new Map<string, Transfer>();
  readonly refunds = new Map<string, Refund>();
  readonly charges = new Map<string, Charge>();
  readonly balanceTransactions = new Map<string, BalanceTransaction>();
  /** Whether a paid charge has its balance transaction yet (Stripe may add it a moment later: charge.updated). */
  settleCharges = true;
  /** Every request: method, path, Idempotency-Key and parameters, in order. */
  readonly calls: { method: string; path: string; key?: string; params?: Params }[] = [];
  private readonly idem = new Map<string, { params: string; body: unknown }>();
  /** The status new refunds get (a bank refund stays pending a while). */
  refundStatus: Refund['status'] = 'succeeded';
  /** The next POST is refused with this message (400, as Stripe refuses a request it cannot do). */
  refuseNext?: string;
  private server?: Server;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.serve(req).then(({ status, body }) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
    }));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async serve(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const [path, query] = (req.url ?? '').split('?') as [string, string | undefined];
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const params = decodeForm(req.method === 'GET' ? (query ?? '') : text);
    this.calls.push({ method: req.method ?? '', path, key, params });
    if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? '')) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    if (this.refuseNext && req.method === 'POST') {
      const message = this.refuseNext;
      this.refuseNext = undefined;
      return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
    }
    const same = `${path}:${canonical(params)}`;
    const seen = key && this.idem.get(key);
    if (seen) {
      if (seen.params !== same) return { status: 400, body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } } };
      return { status: 200, body: seen.body };
    }
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: this.route(req.method ?? 'GET', path, params) };
    } catch (error) {
      if (!(error instanceof StripeFail)) throw error;
      answer = { status: error.status, body: { error: { type: error.type, message: error.message, param: error.param } } };
    }
    // Stripe saves the result of a request that ran; one refused at validation may be sent again.
    if (key && req.method === 'POST' && answer.status === 200) this.idem.set(key, { params: same, body: answer.body });
    return answer;
  }

  private find<T>(map: Map<string, T>, key: string, what: string): T {
    const found = map.get(key);
    if (!found) throw new StripeFail(404, 'invalid_request_error', `No such ${what}: '${key}'`);
    return found;
  }

  private route(method: string, path: string, p: Params): unknown {
    const [, , resource, sub, more] = path.split('/');
    if (method === 'POST' && resource === 'accounts' && !sub) {
      if (p.type !== 'express') throw new StripeFail(400, 'invalid_request_error', 'This mock makes Express accounts only', 'type');
      const a: Account = { id: `acct_${randomBytes(8).toString('hex')}`, object: 'account', type: 'express', email: (p.email as string) ?? null, metadata: p.metadata as Stripe.Metadata, payouts_enabled: false, charges_enabled: false, details_submitted: false };
      this.accounts.set(a.id, a);
      return a;
    }
    if (method === 'GET' && resource === 'accounts' && sub) return this.find(this.accounts, sub, 'account');
    if (method === 'POST' && resource === 'account_links') {
      need(p, 'account', 'type', 'refresh_url', 'return_url');
      this.find(this.accounts, p.account as string, 'account');
      return { object: 'account_link', url: `https://connect.stripe.com/setup/e/${String(p.account)}/${randomBytes(6).toString('hex')}`, created: now(), expires_at: now() + 300 } satisfies AccountLink;
    }
    if (method === 'POST' && resource === 'checkout' && sub === 'sessions' && !more) return this.createSession(p);
    if (method === 'GET' && resource === 'payment_intents' && sub) return this.find(this.intents, sub, 'payment_intent');
    if (method === 'GET' && resource === 'charges' && sub) return this.expanded(this.find(this.charges, sub, 'charge'), p);
    if (method === 'GET' && resource === 'balance_transactions' && sub) return this.find(this.balanceTransactions, sub, 'balance_transaction');
    if (method === 'POST' && resource === 'transfers' && !sub) return this.createTransfer(p);
    if (method === 'GET' && resource === 'transfers' && !sub) return list(path, [...this.transfers.values()].filter((t) => !p.transfer_group || t.transfer_group === p.transfer_group));
    if (method === 'GET' && resource === 'refunds' && !sub) return list(path, [...this.refunds.values()].filter((r) => !p.payment_intent || r.payment_intent === p.payment_intent));
    if (method === 'POST' && resource === 'refunds' && !sub) return this.createRefund(p);
    throw new StripeFail(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(p: Params): Session {
    need(p, 'mode', 'line_items', 'success_url');
    const items = p.line_items as { quantity: string; price_data: { currency: string; unit_amount: string } }[];
    const total = items.reduce((sum, li) => sum + amount(li.price_data, 'unit_amount') * Number(li.quantity), 0);
    const s: Session = {
      id: id('cs_test'), object: 'checkout.session', mode: p.mode as Session['mode'], status: 'open', payment_status: 'unpaid',
      amount_total: total, currency: items[0]!.price_data.currency, client_reference_id: (p.client_reference_id as string) ?? null,
      metadata: p.metadata as Stripe.Metadata, payment_intent: null, url: `https://checkout.stripe.com/c/pay/${id('cs_test')}`,
      success_url: p.success_url as string, cancel_url: (p.cancel_url as string) ?? null,
    };
    this.sessions.set(s.id, s);
    this.sessionIntent.set(s.id, (p.payment_intent_data ?? {}) as { transfer_group?: string; metadata?: Stripe.Metadata });
    return s;
  }
  private readonly sessionIntent = new Map<string, { transfer_group?: string; metadata?: Stripe.Metadata }>();

  private createTransfer(p: Params): Transfer {
    need(p, 'amount', 'currency', 'destination');
    const destination = this.find(this.accounts, p.destination as string, 'account');
    if (!destination.payouts_enabled) throw new StripeFail(400, 'invalid_request_error', 'Your destination account needs to have at least one of the following capabilities enabled: transfers', 'destination');
    if (p.source_transaction && ![...this.intents.values()].some((pi) => pi.latest_charge === p.source_transaction)) throw new StripeFail(404, 'invalid_request_error', `No such charge: '${String(p.source_transaction)}'`, 'source_transaction');
    const t: Transfer = { id: id('tr'), object: 'transfer', amount: amount(p), currency: p.currency as string, destination: destination.id, transfer_group: (p.transfer_group as string) ?? null, source_transaction: (p.source_transaction as string) ?? null, metadata: (p.metadata ?? {}) as Stripe.Metadata, reversed: false };
    this.transfers.set(t.id, t);
    return t;
  }

  private createRefund(p: Params): Refund {
    need(p, 'payment_intent');
    const pi = this.find(this.intents, p.payment_intent as string, 'payment_intent');
    const already = [...this.refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
    const amt = p.amount === undefined ? pi.amount - already : amount(p);
    if (amt + already > pi.amount) throw new StripeFail(400, 'invalid_request_error', `Refund amount ($${amt / 100}) is greater than unrefunded amount on charge ($${(pi.amount - already) / 100})`, 'amount');
    const r: Refund = { id: id('re'), object: 'refund', amount: amt, currency: pi.currency, payment_intent: pi.id, status: this.refundStatus, metadata: (p.metadata ?? {}) as Stripe.Metadata };
    this.refunds.set(r.id, r);
    return r;
  }

  /** A pending refund goes through. */
  settleRefund(refundId: string): MockEvent {
    const r = this.find(this.refunds, refundId, 'refund');
    r.status = 'succeeded';
    return this.event('refund.updated', { ...r });
  }

  /** The refund fails (a closed card): Stripe puts the money back in the balance and says so. */
  failRefund(refundId: string): MockEvent {
    const r = this.find(this.refunds, refundId, 'refund');
    Object.assign(r, { status: 'failed', failure_reason: 'expired_or_canceled_card' } satisfies Partial<Refund>);
    return this.event('refund.failed', { ...r });
  }

  /** Stripe's processing fee of a charge: 2.9% + 30¢, rounded, as its balance transaction records it. */
  static fee = (amountCents: number) => Math.round(amountCents * 0.029) + 30;

  /** The charge's balance transaction is made (with its fee); answers charge.updated. */
  settleCharge(chargeId: string): MockEvent {
    const ch = this.find(this.charges, chargeId, 'charge');
    const fee = StripeMock.fee(ch.amount);
    const bt: BalanceTransaction = { id: id('txn'), object: 'balance_transaction', amount: ch.amount, fee, net: ch.amount - fee, currency: ch.currency, type: 'charge', source: ch.id };
    this.balanceTransactions.set(bt.id, bt);
    ch.balance_transaction = bt.id;
    return this.event('charge.updated', { ...ch });
  }

  /** `expand[]=balance_transaction`, as Stripe expands a field in place. */
  private expanded(ch: Charge, p: Params): Charge {
    const expand = (p.expand ?? []) as string[];
    if (!expand.includes('balance_transaction') || typeof ch.balance_transaction !== 'string') return ch;
    return { ...ch, balance_transaction: this.balanceTransactions.get(ch.balance_transaction) as Stripe.BalanceTransaction };
  }

  // ── What happens at Stripe: each returns the event Stripe would send ──────────────────────────
  event(type: MockEvent['type'], object: object): MockEvent {
    return { id: id('evt'), object: 'event', api_version: '2026-10-28.endive', created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
  }

  /** The customer pays the session: a PaymentIntent and its charge, the session complete and paid. */
  pay(sessionId: string): MockEvent {
    const s = this.find(this.sessions, sessionId, 'checkout session');
    const data = this.sessionIntent.get(sessionId)!;
    const pi: PaymentIntent = { id: id('pi'), object: 'payment_intent', amount: s.amount_total!, currency: s.currency!, status: 'succeeded', metadata: data.metadata ?? {}, transfer_group: data.transfer_group ?? null, latest_charge: id('ch') };
    this.intents.set(pi.id, pi);
    this.charges.set(pi.latest_charge as string, { id: pi.latest_charge as string, object: 'charge', amount: pi.amount, currency: pi.currency, payment_intent: pi.id, status: 'succeeded', balance_transaction: null });
    if (this.settleCharges) this.settleCharge(pi.latest_charge as string);
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: pi.id } satisfies Partial<Session>);
    return this.event('checkout.session.completed', { ...s });
  }

  expire(sessionId: string): MockEvent {
    const s = this.find(this.sessions, sessionId, 'checkout session');
    s.status = 'expired';
    return this.event('checkout.session.expired', { ...s });
  }

  /** Stripe's dispute fee (US): taken from the balance with the disputed amount. */
  static disputeFee = 1500;
  /** The dispute of each PaymentIntent (one per charge, as at Stripe). */
  readonly disputes = new Map<string, Dispute>();

  private balanceTransaction(amount: number, fee: number, source: string): BalanceTransaction {
    const bt: BalanceTransaction = { id: id('txn'), object: 'balance_transaction', amount, fee, net: amount - fee, currency: 'usd', type: 'adjustment', source };
    this.balanceTransactions.set(bt.id, bt);
    return bt;
  }

  /**
   * The customer's bank disputes the charge (Stripe withdraws the amount and its dispute fee: a
   * balance transaction), or the dispute closes; a dispute won with `feeReturned` reinstates the
   * amount and gives the fee back (a balance transaction whose fee is negative).
   */
  dispute(paymentIntent: string, status: Dispute['status'] = 'needs_response', feeReturned = false): MockEvent {
    const pi = this.find(this.intents, paymentIntent, 'payment_intent');
    let d = this.disputes.get(pi.id);
    if (!d) {
      const du = id('du');
      d = { id: du, object: 'dispute', amount: pi.amount, currency: pi.currency, charge: pi.latest_charge as string, payment_intent: pi.id, reason: 'fraudulent', status, balance_transactions: [this.balanceTransaction(-pi.amount, StripeMock.disputeFee, du)] };
      this.disputes.set(pi.id, d);
    }
    d.status = status;
    if (status === 'won' && feeReturned && d.balance_transactions.length === 1) d.balance_transactions.push(this.balanceTransaction(pi.amount, -StripeMock.disputeFee, d.id));
    return this.event(status === 'won' || status === 'lost' ? 'charge.dispute.closed' : 'charge.dispute.created', { ...d, balance_transactions: [...d.balance_transactions] });
  }

  /** The member finishes onboarding: Stripe enables payouts and says so. */
  finishOnboarding(accountId: string, enabled = true): MockEvent {
    const a = this.find(this.accounts, accountId, 'account');
    Object.assign(a, { payouts_enabled: enabled, charges_enabled: enabled, details_submitted: true } satisfies Partial<Account>);
    return this.event('account.updated', { ...a });
  }
}

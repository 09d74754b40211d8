/**
 * The Stripe contract tests' setup: a StripeMock started before the backend, the backend started
 * with PAYMENT_PROVIDER=stripe pointed at it, and the two ways in — a member calling an endpoint
 * (as supabase-js `functions.invoke` does: apikey plus the session's Bearer token) and Stripe
 * delivering an event, signed with the SDK's own test-header helper.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestBackend } from 'backend/test/harness';
import type { TestUser } from 'backend/test/rest/helpers';
import { acceptedDeal, useMoney, type Money } from './helpers';
import { StripeMock, type MockEvent } from 'backend/test/money/stripe-mock';

export const WEBHOOK_SECRET = 'whsec_need40contracttests';
const sdk = new Stripe('sk_test_signingonly');

export interface StripeMoney extends Money {
  stripe: StripeMock;
}

/** The money market of a test file on the Stripe adapter, with its mock. */
export function useStripeMoney(): StripeMoney {
  const stripe = new StripeMock();
  const env: Record<string, string> = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_need40contracttests', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
  // Registered before useMoney's: the backend reads env when it starts, after the mock listens.
  beforeAll(async () => {
    env.STRIPE_API_BASE = await stripe.start();
  });
  const m = useMoney(env) as StripeMoney;
  m.stripe = stripe;
  afterAll(() => stripe.close());
  return m;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** POST /functions/v1/<name> as the member (or a visitor), as functions.invoke sends it. */
export async function invoke(be: TestBackend, user: TestUser | undefined, name: string, body: unknown = {}): Promise<Answer> {
  const headers: Record<string, string> = { apikey: be.config.ANON_KEY, 'content-type': 'application/json' };
  if (user) headers.authorization = `Bearer ${user.token}`;
  const res = await fetch(`${be.url}/functions/v1/${name}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Stripe delivers `event` to the webhook endpoint, signed with `secret` (the endpoint's unless told). */
export async function deliver(be: TestBackend, event: MockEvent | string, secret = WEBHOOK_SECRET): Promise<Answer> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${be.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The outcome the backend answered for a delivered event (200 expected). */
export async function delivered(be: TestBackend, event: MockEvent): Promise<unknown> {
  const r = await deliver(be, event);
  if (r.status !== 200) throw new Error(`webhook answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.outcome;
}

/** The poster starts paying a new accepted deal: the application and its Checkout Session. */
export async function checkout(m: StripeMoney): Promise<{ app: string; session: string }> {
  const { app } = await acceptedDeal(m);
  const r = await invoke(m.be, m.poster, 'stripe-checkout', { application_id: app });
  expect(r.status).toBe(200);
  return { app, session: r.body.session_id as string };
}

/** A deal funded through Stripe: its application and PaymentIntent. */
export async function funded(m: StripeMoney): Promise<{ app: string; pi: string }> {
  const { app, session } = await checkout(m);
  expect(await delivered(m.be, m.stripe.pay(session))).toBe('applied');
  return { app, pi: m.stripe.sessions.get(session)!.payment_intent as string };
}

/** One round of the app server's `stripe` job (payouts and refunds due): what each row came to. */
export const drainWork = (m: StripeMoney) => m.be.app.jobs.get('stripe')!.runOnce() as Promise<{ key: string; outcome: string }[]>;

/** A Stripe SDK client of the mock, as the backend's own is configured (STRIPE_API_BASE). */
export function mockClient(m: StripeMoney): Stripe {
  const base = new URL(m.be.config.env.STRIPE_API_BASE!);
  return new Stripe(m.be.config.env.STRIPE_SECRET_KEY!, { host: base.hostname, port: base.port, protocol: 'http' });
}

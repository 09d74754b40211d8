/**
 * The member-facing Stripe path on the composed page, against a backend of this spec's own started
 * with PAYMENT_PROVIDER=stripe and pointed at the Stripe mock of the backend's contract tests
 * (backend/test/money/stripe-mock.ts: a stateful fake of the Stripe API typed by the SDK's own
 * definitions). This machine has no route to Stripe, so Stripe's own pages (Checkout, Express
 * onboarding) are stand-ins routed by the browser, and what a customer does there is done on the
 * mock, whose events are signed with the endpoint secret and delivered to the webhook as Stripe
 * would.
 *
 * The poster pays on the gig's page: "Pay $600 with Stripe" goes to the Checkout Session; back on
 * the gig's page the panel waits for the payment to be confirmed, then — without a reload — shows
 * the money held once the webhook books it. The worker, on the same gig's page, is asked to set up
 * payouts, goes to Stripe's onboarding, and back on the page reads that payouts are set up (read
 * from Stripe at once, no webhook). Delivered and approved, the worker's share reaches their
 * account as a Stripe Transfer, and their page says so.
 */
import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { StripeMock, type MockEvent } from '../../../backend/test/money/stripe-mock';
import { freePort, startBackend, type RunningBackend } from '../../helpers/backend';
import { readState } from '../../helpers/state';
import { signIn, type Backend, type TestUser } from '../../helpers/users';
import { applicationOf, applyAs, createMember, expect, gigPage, postGig, rpcAs, test, uniqueTitle } from './support';

test.describe.configure({ mode: 'serial' });

const WEBHOOK_SECRET = 'whsec_need40e2estripe';
const STRIPE_PAGES = /^https:\/\/(checkout|connect)\.stripe\.com\//;
let mock: StripeMock;
let running: RunningBackend;
let own: Backend;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mock = new StripeMock();
  await mock.start();
  const state = readState();
  const port = await freePort();
  running = await startBackend({
    port,
    timeoutMs: 180_000,
    env: {
      SITE_URL: state.shellUrl, API_EXTERNAL_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_need40e2e', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: mock.url,
    },
  });
  own = { url: running.url, anonKey: state.anonKey };
});

test.afterAll(async () => {
  await running?.stop();
  await mock?.close();
});

/** Stripe delivers `event` to the webhook, signed as Stripe signs (`t=…,v1=HMAC-SHA256(secret, "t.payload")`). */
async function deliver(event: MockEvent): Promise<unknown> {
  const payload = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  const res = await fetch(`${own.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` }, body: payload });
  expect(res.status).toBe(200);
  return ((await res.json()) as { outcome: unknown }).outcome;
}

/**
 * A page of `user` on this spec's backend (the shell reads its backend from config.json). The run's
 * shell allows any 127.0.0.1 port in its Content-Security-Policy (global-setup.ts), so the page may
 * call this backend and open its realtime socket, with the CSP enforced. Stripe's own pages are
 * stand-ins.
 */
async function memberPage(context: BrowserContext, user: TestUser): Promise<Page> {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), supabaseUrl: own.url } });
  });
  await context.route(STRIPE_PAGES, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe (stand-in)</title><h1>Stripe (stand-in)</h1>' }));
  const page = await context.newPage();
  await signIn(page, own, user);
  return page;
}

test('the poster pays through Stripe Checkout and sees it confirmed live; the worker sets up payouts and is paid by a Stripe transfer', async ({ browser }) => {
  test.setTimeout(300_000);
  const poster = await createMember(own, 'Pat Poster');
  const worker = await createMember(own, 'Wren Worker');
  const title = uniqueTitle('Stripe-paid logo');
  const gigId = await postGig(own, poster, title, { payment_type: 'fixed', rate: 600, hours: 4 });
  await applyAs(own, worker, gigId, 'Logos are my thing.');
  const app = { p_application_id: await applicationOf(own, poster, gigId) };
  await rpcAs(own, poster, 'accept_application', app);

  // The poster, on the gig's page: pay through Stripe.
  const posterContext = await browser.newContext({ baseURL: readState().shellUrl });
  const posterPage = await memberPage(posterContext, poster);
  await posterPage.goto(`/#gig/${gigId}`);
  const posterDeal = gigPage(posterPage).getByRole('group', { name: `Payment for ${title}` });
  await expect(posterDeal).toContainText('Pay $600 to Need40: it holds the money until you approve the work, then Wren Worker receives $570', { timeout: 30_000 });
  await posterDeal.getByRole('button', { name: 'Pay $600 with Stripe' }).click();
  await posterPage.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
  const session = [...mock.sessions.values()].at(-1)!;
  expect(session).toMatchObject({ amount_total: 60000, client_reference_id: app.p_application_id });

  // The customer pays at Stripe; Stripe sends them back to the gig's page before its webhook arrives.
  const paid = mock.pay(session.id);
  await posterPage.goto(session.success_url!);
  await expect(posterDeal).toContainText('Waiting for the payment to be confirmed', { timeout: 30_000 });
  await expect(posterDeal.getByRole('status')).toHaveText('You are back from Stripe: this page updates by itself once Stripe confirms your payment.');
  await expect(posterDeal.getByRole('button', { name: /with Stripe/ })).toHaveCount(0);
  expect(await deliver(paid)).toBe('applied');
  await expect(posterDeal).toContainText("$600 is held by Need40 until you approve Wren Worker's work.", { timeout: 20_000 });

  // The worker, on the same gig's page: set up payouts at Stripe, come back to the account's state.
  const workerContext = await browser.newContext({ baseURL: readState().shellUrl });
  const workerPage = await memberPage(workerContext, worker);
  await workerPage.goto(`/#gig/${gigId}`);
  const workerDeal = gigPage(workerPage).getByRole('group', { name: `Payment for ${title}` });
  await expect(workerDeal).toContainText('Need40 pays you through Stripe: set up payouts to receive your $570.', { timeout: 30_000 });
  await workerDeal.getByRole('button', { name: 'Set up payouts' }).click();
  await workerPage.waitForURL(/^https:\/\/connect\.stripe\.com\//);
  const link = mock.calls.filter((c) => c.path === '/v1/account_links').at(-1)!.params!;
  mock.finishOnboarding(link.account as string); // no webhook: the page asks Stripe when the worker is back
  await workerPage.goto(link.return_url as string);
  await expect(workerDeal).toContainText('Payouts are set up: Need40 pays you through Stripe.', { timeout: 30_000 });

  // Delivered, approved: the adapter's worker pays the share by a Transfer (it runs every 10 s).
  await rpcAs(own, worker, 'deliver_work', { ...app, p_note: 'Three logo variants attached.' });
  await rpcAs(own, poster, 'approve_work', app);
  await expect(workerDeal).toContainText(/\$570 was paid to you on .+ \(stripe transfer, reference tr_\w+\)\. Did it arrive\?/, { timeout: 60_000 });
  expect([...mock.transfers.values()].at(-1)).toMatchObject({ amount: 57000, transfer_group: `app_${app.p_application_id}` });
  await posterContext.close();
  await workerContext.close();
});

/**
 * The money steps after the happy path, on the composed page with the manual provider, against a
 * backend of this spec's own: one started with the development clock (DEV_CLOCK, `/_dev/clock`), so
 * moving its jobs' time past a deal's auto-release date touches no other spec's deals. The page
 * reaches it through a config.json routed in each browser context.
 *
 * 1. The poster announces the payment and an operator confirms it in the console; the poster opens
 *    a dispute; the operator splits the $600 held 300/300 in the console; both parties read the
 *    split; the console's queues add up to what was held ($285 due to the worker, $15 fee, $300 due
 *    back to the poster); the operator records the worker's payout. Every console action by keyboard.
 * 2. The poster asks for changes (delivered → funded, with a note the worker reads); the worker
 *    delivers again; nobody answers, and 15 days later the money is released automatically. The
 *    receipts reach both mailboxes at once (money emails never wait for the digest window), the
 *    deal panel's Receipt link opens the receipt page, and the worker's earnings page shows the
 *    money on its way with a CSV export of the statement; the poster's spending page, what they
 *    paid; a visitor's campaign section counts both released gigs and the fees kept.
 * In this order: once the clock has moved 15 days, every delivery is already past its date.
 * Axe checks the receipt, earnings and spending pages on a phone and a desktop.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { seriousViolations, VIEWPORTS } from '../../helpers/axe';
import { freePort, startBackend, type RunningBackend } from '../../helpers/backend';
import { readState } from '../../helpers/state';
import { signIn, type Backend, type TestUser } from '../../helpers/users';
import { applicationOf, applyAs, createMember, dashboard, expect, makeOperator, postGig, rpcAs, test, uniqueTitle, waitForMail } from './support';

test.describe.configure({ mode: 'serial' });

const DAY_MS = 24 * 3600 * 1000;
let running: RunningBackend;
let own: Backend;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const state = readState();
  const port = await freePort();
  running = await startBackend({ port, timeoutMs: 180_000, env: { DEV_CLOCK: 'true', SITE_URL: state.shellUrl, API_EXTERNAL_URL: `http://127.0.0.1:${port}` } });
  own = { url: running.url, anonKey: state.anonKey };
});

test.afterAll(async () => {
  await running?.stop();
});

/** Every page of `context` talks to this spec's backend (the shell reads its backend from config.json). */
async function useOwnBackend(context: BrowserContext): Promise<void> {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, supabaseUrl: own.url } });
  });
}

async function signedInPage(context: BrowserContext, user: TestUser): Promise<Page> {
  await useOwnBackend(context);
  const page = await context.newPage();
  await signIn(page, own, user);
  return page;
}

/** A deal on a new gig, accepted, the payment announced by the poster (manual provider). */
async function announcedDeal(poster: TestUser, worker: TestUser, title: string, terms?: Parameters<typeof postGig>[3]): Promise<string> {
  const gigId = await postGig(own, poster, title, terms);
  await applyAs(own, worker, gigId, 'I can do it this week.');
  const app = await applicationOf(own, poster, gigId);
  await rpcAs(own, poster, 'accept_application', { p_application_id: app });
  await rpcAs(own, poster, 'start_funding', { p_application_id: app });
  return app;
}

/** A deal on a new gig, accepted and funded (the poster announced the payment, an operator confirmed it). */
async function fundedDeal(poster: TestUser, worker: TestUser, operator: TestUser, title: string, terms?: Parameters<typeof postGig>[3]): Promise<string> {
  const app = await announcedDeal(poster, worker, title, terms);
  await rpcAs(own, operator, 'operator_confirm_funds', { p_application_id: app, p_reference: 'PAYPAL-E2E' });
  return app;
}

/** The console's screen `name`, opened from its navigation by keyboard; the rows that hold `text`. */
async function consoleRows(op: Page, name: string, text: string): Promise<Locator> {
  const link = op.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });
  await link.focus({ timeout: 30_000 });
  await op.keyboard.press('Enter');
  await expect(link).toHaveAttribute('aria-current', 'page');
  return op.locator('section#admin').getByRole('row').filter({ hasText: text });
}

/**
 * By keyboard: the action's button in `row`, its dialog's fields typed in order (Tab between them;
 * the first has the focus), Tab past Cancel to the dialog's own button, Enter; the dialog closes.
 */
async function actByKeyboard(op: Page, row: Locator, action: string, answers: string[]): Promise<void> {
  await row.getByRole('button', { name: action }).focus();
  await op.keyboard.press('Enter');
  const dialog = op.getByRole('dialog', { name: action });
  await expect(dialog.locator('input:focus, textarea:focus')).toHaveCount(1);
  for (const [i, answer] of answers.entries()) {
    if (i) await op.keyboard.press('Tab');
    await op.keyboard.type(answer);
  }
  await op.keyboard.press('Tab');
  await op.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: action })).toBeFocused();
  await op.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

async function accessibleAtBothSizes(page: Page, selector: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page, selector), `axe at ${viewport.width} px`).toEqual([]);
  }
}

/** The deal panel of the applicant on the poster's dashboard (a fresh read each time). */
async function posterDeal(page: Page, title: string, workerName: string) {
  if (page.url().endsWith('#dashboard')) await page.reload();
  else await page.goto('/#dashboard');
  const myGigs = dashboard(page).getByRole('region', { name: 'My gigs' });
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click({ timeout: 30_000 });
  return myGigs.getByRole('listitem', { name: `Application from ${workerName}` }).getByRole('group', { name: `Payment for ${title}` });
}

/** The deal panel of an application on the worker's dashboard (a fresh read each time). */
async function workerDeal(page: Page, title: string) {
  if (page.url().endsWith('#dashboard')) await page.reload();
  else await page.goto('/#dashboard');
  return dashboard(page).getByRole('region', { name: 'My applications' }).getByRole('listitem', { name: `Application for ${title}` }).getByRole('group', { name: `Payment for ${title}` });
}

test('funds confirmed and a dispute split 300/300 in the console by keyboard, read by both parties; the queues add up; the payout recorded', async ({ browser }) => {
  test.setTimeout(480_000);
  const poster = await createMember(own, 'Pia Poster');
  const worker = await createMember(own, 'Wes Worker');
  const operator = await createMember(own, 'Otto Operator');
  await makeOperator(own, operator);
  const title = uniqueTitle('Fixed $600 gig');
  const app = await announcedDeal(poster, worker, title, { payment_type: 'fixed', rate: 600, hours: 8 });

  // The operator confirms the announced payment arrived.
  const operatorContext = await browser.newContext({ baseURL: readState().shellUrl });
  const op = await signedInPage(operatorContext, operator);
  await op.goto('/#admin');
  const funds = await consoleRows(op, 'Funds to confirm', 'Pia Poster');
  await expect(funds).toContainText('$600.00', { timeout: 30_000 });
  await actByKeyboard(op, funds, 'Confirm funds', ['PAYPAL-E2E']);
  await expect(funds).toHaveCount(0, { timeout: 20_000 });
  await rpcAs(own, worker, 'deliver_work', { p_application_id: app, p_note: 'Half of it is done.' });

  // The poster opens a dispute: the money freezes.
  const posterContext = await browser.newContext({ baseURL: readState().shellUrl });
  const posterPage = await signedInPage(posterContext, poster);
  let deal = await posterDeal(posterPage, title, 'Wes Worker');
  await deal.getByRole('button', { name: 'Open a dispute' }).click({ timeout: 30_000 });
  await deal.getByLabel('What went wrong?').fill('Only half of the work was delivered.');
  await deal.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(deal).toContainText('$600 is frozen by Need40: an operator reviews the dispute and decides where the money goes.', { timeout: 20_000 });

  // The operator splits it in the console: $300 to the worker's side (the fee comes from that part), $300 back.
  const dispute = await consoleRows(op, 'Disputes', title);
  await expect(dispute).toContainText('Only half of the work was delivered.', { timeout: 30_000 });
  await actByKeyboard(op, dispute, 'Split', ['Half delivered, half paid.', '300', '300']);
  await expect(dispute).toHaveCount(0, { timeout: 20_000 });
  deal = await posterDeal(posterPage, title, 'Wes Worker');
  await expect(deal).toContainText('A Need40 operator split the money: Wes Worker receives $285, Need40 keeps $15 and $300 is due back to you.', { timeout: 30_000 });
  const workerContext = await browser.newContext({ baseURL: readState().shellUrl });
  const workerPage = await signedInPage(workerContext, worker);
  const mine = await workerDeal(workerPage, title);
  await expect(mine).toContainText('A Need40 operator split the money: $285 is on its way to you (Need40 owes it to you and pays it out); $300 goes back to Pia Poster.', { timeout: 30_000 });
  const receipt = await waitForMail(own, poster.email, `Receipt: $600 split for "${title}"`, 30_000);
  expect(receipt.text).toContain('Back to the payer: $300');
  await waitForMail(own, worker.email, `The dispute on "${title}" was resolved`, 30_000);

  // The books as the console shows them add up to the $600 held: $285 due to the worker, the $15
  // fee, $300 due back to the poster.
  await expect(await consoleRows(op, 'Refunds', 'Pia Poster')).toContainText('$300.00', { timeout: 30_000 });
  await expect(await consoleRows(op, 'Revenue', '$15.00')).toHaveCount(1, { timeout: 30_000 });
  const payout = await consoleRows(op, 'Payouts', 'Wes Worker');
  await expect(payout).toContainText('$285.00', { timeout: 30_000 });

  // The worker is paid out.
  await actByKeyboard(op, payout, 'Record payout', ['PayPal', 'PAYOUT-E2E']);
  await expect(payout).toHaveCount(0, { timeout: 20_000 });
  await expect(await workerDeal(workerPage, title)).toContainText('$285 was paid to you on', { timeout: 30_000 });
  await operatorContext.close();
  await posterContext.close();
  await workerContext.close();
});

test('changes requested, then released automatically after the window; receipts by email and on the page; earnings and spending with a CSV export; the campaign counts the week\'s released gigs from the books', async ({ browser }) => {
  test.setTimeout(480_000);
  const poster = await createMember(own, 'Paula Poster');
  const worker = await createMember(own, 'Walter Worker');
  const operator = await createMember(own, 'Olga Operator');
  await makeOperator(own, operator);
  const title = uniqueTitle('Landing page');
  const app = await fundedDeal(poster, worker, operator, title); // hourly: 10 hours at $45 = $450
  await rpcAs(own, worker, 'deliver_work', { p_application_id: app, p_note: 'The page is live.' });

  // The poster asks for changes, with a note.
  const posterContext = await browser.newContext({ baseURL: readState().shellUrl });
  const posterPage = await signedInPage(posterContext, poster);
  const deal = await posterDeal(posterPage, title, 'Walter Worker');
  await deal.getByRole('button', { name: 'Request changes' }).click({ timeout: 30_000 });
  await deal.getByLabel('What should change?').fill('Please add a map to the contact page.');
  await deal.getByRole('button', { name: 'Send the request' }).click();
  await expect(deal).toContainText('You asked for changes: $450 stays held by Need40 until you approve the next delivery.', { timeout: 20_000 });

  // The worker reads it: the money stays held, the note is in the deal's history, and an email says so.
  const workerContext = await browser.newContext({ baseURL: readState().shellUrl });
  const workerPage = await signedInPage(workerContext, worker);
  let mine = await workerDeal(workerPage, title);
  await expect(mine).toContainText('Paula Poster asked for changes: $450 stays held by Need40 until they approve your next delivery.', { timeout: 30_000 });
  await mine.getByText('History and receipts').click();
  await expect(mine).toContainText('Changes requested (Paula Poster): Please add a map to the contact page.');
  await waitForMail(own, worker.email, `Changes requested on "${title}"`);

  // The worker delivers again; nobody answers; 15 days later (the test clock) the money is released.
  await rpcAs(own, worker, 'deliver_work', { p_application_id: app, p_note: 'The map is on the contact page.' });
  const clock = await fetch(`${own.url}/_dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: 15 * DAY_MS }) });
  expect(clock.status).toBe(200);
  mine = await workerDeal(workerPage, title);
  await expect(mine).toContainText('$427.50 is on its way to you: Need40 owes it to you and pays it to your PayPal.', { timeout: 30_000 });

  // Both receipts arrive at once, though both parties were emailed minutes ago (no digest wait).
  const toWorker = await waitForMail(own, worker.email, `Receipt: $450 released for "${title}"`, 30_000);
  expect(toWorker.text).toContain('To the worker: $427.50');
  expect(toWorker.text).toContain('Need40 fee (5%): $22.50');
  await waitForMail(own, poster.email, `Receipt: $450 released for "${title}"`, 30_000);

  // The deal panel's Receipt link opens the receipt page.
  await mine.getByText('History and receipts').click();
  await mine.getByRole('link', { name: 'Receipt for released, $450' }).click();
  const receipt = workerPage.locator('section#receipt');
  await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(/^Receipt no\. \d+$/, { timeout: 30_000 });
  await expect(receipt).toContainText('StepReleased');
  await expect(receipt).toContainText(`Gig${title}`);
  await expect(receipt).toContainText('Amount$450');
  await expect(receipt).toContainText('To the worker$427.50');
  await expect(receipt).toContainText('Need40 fee (5%)$22.50');
  await expect(receipt).toContainText('Paid byPaula Poster');
  await expect(receipt).toContainText('WorkerWalter Worker');
  await accessibleAtBothSizes(workerPage, 'section#receipt');

  // The worker's earnings: on its way, with the statement and its CSV export.
  await workerPage.goto('/#profile');
  await workerPage.getByRole('link', { name: 'See your earnings and spending' }).click({ timeout: 30_000 });
  const money = workerPage.locator('section#money');
  await expect(money.getByText('Available: released, on its way to you')).toBeVisible({ timeout: 30_000 });
  await expect(money.locator('div', { has: workerPage.getByText('Available: released, on its way to you') }).last()).toContainText('$427.50');
  const earnings = money.getByRole('list', { name: 'Earnings statement' });
  await expect(earnings.getByRole('listitem').first()).toContainText(`Released: ${title}$427.50`);
  const download = workerPage.waitForEvent('download');
  await money.getByRole('button', { name: 'Download earnings as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^need40-earnings-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('Date (UTC),Receipt no.,Step,Gig,Amount,Your part,To the worker,Need40 fee,Back to the payer,Paid through,Reference,Status');
  expect(csv[1]).toContain(`,Released,${title},450.00,427.50,427.50,22.50,0.00,PayPal (recorded by Need40),,Confirmed`);
  await expect(money).toContainText(/Downloaded need40-earnings-.*\(1 line\)\./);
  await accessibleAtBothSizes(workerPage, 'section#money');

  // The poster's spending: what they paid, released to the worker with the fee.
  await posterPage.goto('/#money');
  const spending = posterPage.locator('section#money');
  await expect(spending.getByText('Released to workers (with the Need40 fee)')).toBeVisible({ timeout: 30_000 });
  await expect(spending.getByRole('list', { name: 'Spending statement' })).toContainText(`Released: ${title}$450`);
  await accessibleAtBothSizes(posterPage, 'section#money');
  // A visitor's campaign section shows the week from the books: this release and the split before it.
  const visitorContext = await browser.newContext({ baseURL: readState().shellUrl });
  await useOwnBackend(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const campaign = visitor.locator('section#need40');
  await expect(campaign).toContainText('Our goal: 10 gigs per week, creating 520 jobs a year.', { timeout: 30_000 });
  await expect(campaign).toContainText('2 of 10 gigs paid this week', { timeout: 30_000 });
  await expect(campaign).toContainText('Paid to workers so far: $285 · Kept by Need40 as fees: $37.50');
  expect(await seriousViolations(visitor, 'section#need40')).toEqual([]);
  await visitorContext.close();
  await posterContext.close();
  await workerContext.close();
});

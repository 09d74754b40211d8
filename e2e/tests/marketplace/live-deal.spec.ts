/**
 * Every open page tells the truth, in two browsers at once: the poster's dashboard and the
 * worker's stay open (never reloaded) while the deal walks through every state — accept, payment
 * started, money held, delivered, changes asked, delivered again, released, paid out, confirmed,
 * reviewed — each step taken by whoever takes it in the product (the poster, the worker, a Need40
 * operator through the functions an operator console calls). After each step both pages show the
 * new state within seconds, and on each page the status badge and the deal panel agree (never a
 * "Paid" badge beside a sentence of an earlier state). Then the notification centre: the bell's
 * count and the tab title follow new events live, opening it lists them and marks them read, each
 * links to the exact place (the applicant, the thread); axe
 * checks the open list at 375 px and desktop.
 */
import type { Locator, Page } from '@playwright/test';
import { json, passwordSession, signIn, type Backend, type TestUser } from '../../helpers/users';
import { seriousViolations, VIEWPORTS } from '../../helpers/axe';
import { applyAs, createMember, dashboard, expect, makeOperator, postGig, rpcAs, test, uniqueTitle } from './support';

const LIVE = { timeout: 15_000 };

async function applicationOf(backend: Backend, poster: TestUser, gigId: string): Promise<string> {
  const { access_token } = await passwordSession(backend, poster.email, poster.password);
  const rows = await json<{ id: string }[]>(
    await fetch(`${backend.url}/rest/v1/applications?select=id&gig_id=eq.${gigId}`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${access_token}` } }),
    'applications',
  );
  return rows[0]!.id;
}

/** A dashboard row's badge and its deal panel: the same state, and the sentence expected. */
async function expectTruth(row: Locator, title: string, status: string, sentence: string) {
  const panel = row.getByRole('group', { name: `Payment for ${title}` });
  await expect(panel).toContainText(sentence, LIVE);
  await expect(row.locator('[data-application-status]').first()).toHaveAttribute('data-application-status', status, LIVE);
  await expect(panel.locator('[data-deal-status]')).toHaveAttribute('data-deal-status', status);
}

test('both sides see every state of the deal live, and the badge never contradicts the panel', async ({ app, page, backend, browser }) => {
  test.setTimeout(300_000);
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const operator = await createMember(backend, 'Olga Operator');
  await makeOperator(backend, operator);
  const title = uniqueTitle('Live landing page');
  const gigId = await postGig(backend, poster, title); // hourly, $45/hr, 10 hours: $450
  await applyAs(backend, worker, gigId, 'I can build it this week.');
  const app_ = { p_application_id: await applicationOf(backend, poster, gigId) };

  // The worker's dashboard, open throughout.
  await signIn(page, backend, worker);
  await app.goto('#dashboard');
  const mine = dashboard(page).getByRole('region', { name: 'My applications' }).getByRole('listitem', { name: `Application for ${title}` });
  await expect(mine.locator('[data-application-status]')).toHaveAttribute('data-application-status', 'applied', { timeout: 30_000 });

  // The poster's dashboard with the applicant open, open throughout.
  const posterContext = await browser.newContext({ baseURL: app.state.shellUrl });
  const posterPage: Page = await posterContext.newPage();
  await signIn(posterPage, backend, poster);
  await posterPage.goto('/#dashboard');
  const myGigs = dashboard(posterPage).getByRole('region', { name: 'My gigs' });
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click({ timeout: 30_000 });
  const walter = myGigs.getByRole('listitem', { name: 'Application from Walter Worker' });
  await expect(walter.locator('[data-application-status]').first()).toHaveAttribute('data-application-status', 'applied', { timeout: 30_000 });

  const steps: { step: string; act: () => Promise<unknown>; status: string; poster: string; worker: string }[] = [
    { step: 'the poster accepts', act: () => rpcAs(backend, poster, 'accept_application', app_), status: 'accepted',
      poster: 'Pay $450 to Need40: it holds the money until you approve the work', worker: 'Paula Poster has not paid yet: the money is still with them.' },
    { step: 'the poster starts paying', act: () => rpcAs(backend, poster, 'start_funding', app_), status: 'accepted',
      poster: 'Waiting for Need40 to confirm your payment of $450', worker: 'Paula Poster has started paying $450; Need40 has not received it yet.' },
    { step: 'Need40 confirms the money arrived', act: () => rpcAs(backend, operator, 'operator_confirm_funds', { ...app_, p_reference: 'PAYPAL-LIVE1' }), status: 'funded',
      poster: "$450 is held by Need40 until you approve Walter Worker's work.", worker: '$450 is held by Need40 for this gig: you receive $427.50 when Paula Poster approves your work.' },
    { step: 'the worker delivers', act: () => rpcAs(backend, worker, 'deliver_work', { ...app_, p_note: 'First version is live.' }), status: 'delivered',
      poster: 'Walter Worker delivered the work. $450 is held by Need40', worker: 'You delivered the work. $450 is held by Need40 until Paula Poster approves' },
    { step: 'the poster asks for changes', act: () => rpcAs(backend, poster, 'request_changes', { ...app_, p_note: 'Bigger buttons, please.' }), status: 'funded',
      poster: 'You asked for changes: $450 stays held by Need40', worker: 'Paula Poster asked for changes: $450 stays held by Need40' },
    { step: 'the worker delivers again', act: () => rpcAs(backend, worker, 'deliver_work', { ...app_, p_note: 'Buttons are bigger.' }), status: 'delivered',
      poster: 'Walter Worker delivered the work.', worker: 'You delivered the work.' },
    { step: 'the poster approves', act: () => rpcAs(backend, poster, 'approve_work', app_), status: 'released',
      poster: 'Released: Walter Worker receives $427.50 and Need40 keeps $22.50', worker: '$427.50 is on its way to you' },
    { step: 'Need40 pays the worker out', act: () => rpcAs(backend, operator, 'operator_record_payout', { ...app_, p_method: 'PayPal', p_reference: 'PAYOUT-LIVE1' }), status: 'paid_out',
      poster: 'Paid out: Need40 paid Walter Worker $427.50', worker: '(PayPal, reference PAYOUT-LIVE1). Did it arrive?' },
    { step: 'the worker confirms it arrived', act: () => rpcAs(backend, worker, 'confirm_payout', app_), status: 'paid',
      poster: 'Paid: Walter Worker confirmed receiving $427.50.', worker: 'You confirmed receiving $427.50.' },
    { step: 'the worker reviews the poster', act: () => rpcAs(backend, worker, 'leave_review', { ...app_, p_rating: 5, p_body: 'Clear brief.' }), status: 'paid',
      poster: 'Walter Worker reviewed you: ★★★★★ 5 out of 5', worker: 'You reviewed Paula Poster: ★★★★★ 5 out of 5' },
    { step: 'the poster reviews the worker', act: () => rpcAs(backend, poster, 'leave_review', { ...app_, p_rating: 4, p_body: 'Careful work.' }), status: 'paid',
      poster: 'You reviewed Walter Worker: ★★★★☆ 4 out of 5', worker: 'Paula Poster reviewed you: ★★★★☆ 4 out of 5' },
  ];
  for (const s of steps) {
    await test.step(s.step, async () => {
      await s.act();
      await expectTruth(walter, title, s.status, s.poster);
      await expectTruth(mine, title, s.status, s.worker);
    });
  }
  await posterContext.close();
});

test('the bell counts new events live, the tab title carries the count, and opening it marks them read', async ({ app, page, backend }) => {
  test.setTimeout(180_000);
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const title = uniqueTitle('Bell gig');
  const gigId = await postGig(backend, poster, title);

  await signIn(page, backend, poster);
  await app.goto('#home');
  const bell = app.navbar.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 30_000 });

  await applyAs(backend, worker, gigId, 'Happy to help.');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', LIVE);
  await expect(page).toHaveTitle(/^\(1\) /, LIVE);
  const applicationId = await applicationOf(backend, poster, gigId);
  await rpcAs(backend, worker, 'send_message', { p_application_id: applicationId, p_body: 'One question about the form.' });
  await rpcAs(backend, worker, 'send_message', { p_application_id: applicationId, p_body: 'And one about hosting.' });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', LIVE);

  await bell.click();
  const list = app.navbar.getByRole('region', { name: 'Notifications' });
  await expect(list.getByRole('link')).toHaveText([`New: 2 new messages from Walter Worker about "${title}"`, `New: Walter Worker applied to "${title}"`]);
  await expect(bell).toHaveAccessibleName('Notifications', LIVE);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
  for (const { name, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    expect(await seriousViolations(page, 'header'), `axe at ${name}`).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(bell).toBeFocused();

  // Read means read: a reload shows no count, and the list keeps the events.
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 30_000 });
  await bell.click();
  await expect(list.getByRole('link').first()).toHaveText(`2 new messages from Walter Worker about "${title}"`);
  // Each leads to the exact place: the message to its thread under the applicant, the application to the applicant.
  await expect(list.getByRole('link').nth(1)).toHaveAttribute('href', `#dashboard/application/${applicationId}`);
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`#dashboard/application/${applicationId}/messages$`));
  // The thread is open on arrival, its button focused: the messages and the message box, no extra click.
  const focused = page.getByRole('region', { name: `An application for ${title}` });
  const toggle = focused.getByRole('button', { name: /^Hide messages/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
  await expect(toggle).toBeFocused();
  await expect(focused.getByText('And one about hosting.')).toBeVisible(LIVE);
  await expect(focused.getByRole('textbox', { name: 'Your message' })).toBeVisible();
});

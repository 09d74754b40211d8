/**
 * Getting paid and reviews on the composed page against the real backend, with the manual payment
 * provider: the worker keeps a PayPal address in their private profile; the poster accepts, sees
 * what they pay and what the worker keeps, and pays (the PayPal.me tab opens at the agreed amount;
 * PayPal itself is a stub); a Need40 operator confirms the money arrived (never the worker); the
 * worker delivers, the poster approves (the money is released), the operator records the payout,
 * the worker sees it paid and confirms it arrived; both review, and the
 * reviews and averages show on the public profiles, the applicant list and the poster's next gig
 * card. Axe checks each new state at 375 px and desktop; the deal panel on the gig page (the
 * worker's delivery, the poster's change form, approval and review) is used on a 375 px phone and
 * must fit it: no sideways scroll, nothing past the screen's edge. The operator has no page yet: they act
 * through the database functions an operator console calls.
 */
import type { Locator, Page } from '@playwright/test';
import { seriousViolations, VIEWPORTS } from '../../helpers/axe';
import { signIn } from '../../helpers/users';
import { applicationOf, applyAs, createMember, dashboard, expect, gigPage, makeOperator, postGig, rpcAs, test, uniqueTitle } from './support';

const PHONE = VIEWPORTS[0]!;
/** A delivery's link as long as real ones get: a phone must wrap it. */
const LONG_LINK = 'https://example.com/landing/a-rather-long-path-to-the-page-that-was-delivered-0123456789abcdefghijklmnopqrstuvwxyz';

/** No serious or critical axe violation in `selector`, on a phone and on a desktop. */
async function accessibleAtBothSizes(page: Page, selector: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page, selector), `axe at ${viewport.width} px`).toEqual([]);
  }
}

/**
 * The gig page's deal panel on a 375 px phone: the page does not scroll sideways, nothing of the
 * panel (a button, a line of text, a link) reaches past the screen's right edge, and axe finds
 * nothing serious.
 */
async function usableOnPhone(page: Page, panel: Locator) {
  await page.setViewportSize(PHONE);
  await expect(panel).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(PHONE.width);
  const past = await panel.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().width > 1 && e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((e) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? '').trim().slice(0, 60)}`),
  );
  expect(past, 'past the right edge at 375 px').toEqual([]);
  expect(await seriousViolations(page, 'section#gig'), 'axe at 375 px').toEqual([]);
}

/** PayPal is never loaded: its tab lands on a stub whose URL the test reads. */
async function stubPayPal(page: Page) {
  await page.context().route('https://paypal.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PayPal stub</title>' }));
}

/** Click `button` and return the URL the new tab it opens ends up at. */
async function paypalTabUrl(page: Page, button: Locator, expected: string): Promise<void> {
  const popup = page.waitForEvent('popup');
  await button.click();
  const tab = await popup;
  await tab.waitForURL(expected, { timeout: 20_000 });
  await tab.close();
}

test('payout address → accept → pay (PayPal at the agreed amount) → operator confirms → deliver → approve → payout → paid → both review', async ({ app, page, backend, browser }) => {
  test.setTimeout(480_000);
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const operator = await createMember(backend, 'Olga Operator');
  await makeOperator(backend, operator);
  const title = uniqueTitle('Paid landing page');
  const gigId = await postGig(backend, poster, title); // hourly, $45/hr, 10 hours
  await applyAs(backend, worker, gigId, 'I can build it this week.');
  const applicationId = await applicationOf(backend, poster, gigId);

  // The worker says where Need40 pays them, in their private profile.
  await signIn(page, backend, worker);
  await app.goto('#profile');
  const payout = page.getByRole('form', { name: 'Payout details' });
  await payout.getByLabel('PayPal address for your payouts').fill('walter.paypal@example.com', { timeout: 30_000 });
  await payout.getByRole('button', { name: 'Save PayPal address' }).click();
  await expect(payout).toContainText('Saved: Need40 pays you at walter.paypal@example.com.', { timeout: 20_000 });

  // The poster accepts on the dashboard and sees what they pay and what the worker keeps.
  const posterContext = await browser.newContext({ baseURL: app.state.shellUrl });
  const posterPage = await posterContext.newPage();
  await stubPayPal(posterPage);
  await signIn(posterPage, backend, poster);
  const openApplicant = async () => {
    // A fresh read each time (going to the same hash again would not reload the page).
    if (posterPage.url().endsWith('#dashboard')) await posterPage.reload();
    else await posterPage.goto('/#dashboard');
    const myGigs = dashboard(posterPage).getByRole('region', { name: 'My gigs' });
    await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click({ timeout: 30_000 });
    return myGigs.getByRole('listitem', { name: 'Application from Walter Worker' });
  };
  let walter = await openApplicant();
  await walter.getByRole('button', { name: 'Accept Walter Worker' }).click();
  await walter.getByRole('button', { name: 'Yes, accept Walter Worker' }).click();
  let deal = walter.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Agreed amount $450 (10 hours at $45/hr)', { timeout: 20_000 });
  await expect(deal).toContainText('Worker keeps $427.50 · Need40 fee $22.50');
  await expect(deal).toContainText('Pay $450 to Need40: it holds the money until you approve the work, then Walter Worker receives $427.50 and Need40 keeps $22.50.');
  // The deal was frozen at acceptance: nobody edits its hours here (a change takes both parties).
  await expect(deal.getByLabel('Agreed hours', { exact: true })).toHaveCount(0);
  await accessibleAtBothSizes(posterPage, 'section#dashboard');

  // The poster's own gig page shows the same panel; on a phone Pay, a proposed change's form and Cancel fit 375 px.
  await posterPage.goto(`/#gig/${gigId}`);
  const ownDeal = gigPage(posterPage).getByRole('group', { name: `Payment for ${title}` });
  await ownDeal.getByRole('button', { name: 'Propose a change to the deal' }).click({ timeout: 30_000 });
  await usableOnPhone(posterPage, ownDeal);
  await posterPage.setViewportSize(VIEWPORTS[1]!);
  walter = await openApplicant();
  deal = walter.getByRole('group', { name: `Payment for ${title}` });

  // Pay with PayPal: the payment Need40 waits for is recorded and PayPal opens in a new tab for $450.
  await paypalTabUrl(posterPage, deal.getByRole('button', { name: 'Pay $450 with PayPal' }), 'https://paypal.me/need40/450');
  await expect(deal).toContainText('Waiting for Need40 to confirm your payment of $450', { timeout: 20_000 });
  await expect(deal).toContainText('Until it arrives, nothing is held.');
  await accessibleAtBothSizes(posterPage, 'section#dashboard');

  // The worker is never asked whether the poster's money arrived: Need40 has not received it yet.
  await app.goto('#dashboard');
  const mine = dashboard(page).getByRole('region', { name: 'My applications' }).getByRole('listitem', { name: `Application for ${title}` });
  const workerDeal = mine.getByRole('group', { name: `Payment for ${title}` });
  await expect(workerDeal).toContainText('Paula Poster has started paying $450; Need40 has not received it yet. Wait before you start the work.', { timeout: 30_000 });
  await expect(workerDeal.getByRole('button', { name: 'Deliver the work' })).toHaveCount(0);

  // A Need40 operator confirms that the money arrived: Need40 holds it.
  await rpcAs(backend, operator, 'operator_confirm_funds', { p_application_id: applicationId, p_reference: 'PAYPAL-7YH21' });
  await page.reload();
  await expect(workerDeal).toContainText('$450 is held by Need40 for this gig: you receive $427.50 when Paula Poster approves your work.', { timeout: 30_000 });
  await expect(mine.getByText('Money held', { exact: true })).toBeVisible();

  // The worker delivers from the gig page on a phone, with a note and a long link: the panel fits 375 px throughout.
  await app.goto(`#gig/${gigId}`);
  const gigDeal = gigPage(page).getByRole('group', { name: `Payment for ${title}` });
  await page.setViewportSize(PHONE);
  await gigDeal.getByRole('button', { name: 'Deliver the work' }).click({ timeout: 30_000 });
  await gigDeal.getByLabel('What did you deliver?').fill('The page is live, with the contact form.');
  await gigDeal.getByLabel(/Link/).fill(LONG_LINK);
  await usableOnPhone(page, gigDeal);
  await gigDeal.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(gigDeal).toContainText('You delivered the work. $450 is held by Need40 until Paula Poster approves', { timeout: 20_000 });
  await usableOnPhone(page, gigDeal);
  await app.goto('#dashboard');
  await expect(workerDeal).toContainText('You delivered the work.', { timeout: 30_000 });
  await accessibleAtBothSizes(page, 'section#dashboard');

  // The poster reads the delivery and approves: the money is released.
  walter = await openApplicant();
  deal = walter.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Walter Worker delivered:', { timeout: 20_000 });
  await expect(deal).toContainText('The page is live, with the contact form.');
  await accessibleAtBothSizes(posterPage, 'section#dashboard');
  // The poster approves from the gig page on a phone: the delivery, its long link and Approve fit 375 px.
  await posterPage.goto(`/#gig/${gigId}`);
  await expect(ownDeal).toContainText('Walter Worker delivered:', { timeout: 30_000 });
  await expect(ownDeal.getByRole('link', { name: LONG_LINK })).toBeVisible();
  await usableOnPhone(posterPage, ownDeal);
  await ownDeal.getByRole('button', { name: 'Approve and release $427.50' }).click();
  await expect(ownDeal).toContainText('Released: Walter Worker receives $427.50 and Need40 keeps $22.50; Need40 pays Walter Worker out.', { timeout: 20_000 });
  await posterPage.setViewportSize(VIEWPORTS[1]!);

  // The worker sees the money on its way; the operator records the payout; the worker sees it paid.
  await page.reload();
  await expect(workerDeal).toContainText('$427.50 is on its way to you: Need40 owes it to you and pays it to your PayPal.', { timeout: 30_000 });
  await rpcAs(backend, operator, 'operator_record_payout', { p_application_id: applicationId, p_method: 'PayPal', p_reference: 'PAYOUT-5521' });
  await page.reload();
  await expect(workerDeal).toContainText('$427.50 was paid to you on', { timeout: 30_000 });
  await expect(workerDeal).toContainText('(PayPal, reference PAYOUT-5521). Did it arrive?');
  await workerDeal.getByRole('button', { name: 'Yes, it arrived' }).click();
  await expect(workerDeal).toContainText('You confirmed receiving $427.50.', { timeout: 20_000 });
  await expect(mine.getByText('Paid', { exact: true })).toBeVisible({ timeout: 20_000 });

  // Both review.
  const review = workerDeal.getByRole('form', { name: 'Review Paula Poster' });
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(review.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await accessibleAtBothSizes(page, 'section#dashboard');
  await review.getByRole('radio', { name: '5 stars' }).check();
  await review.getByLabel('Your review').fill('Clear brief, paid promptly.');
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(workerDeal).toContainText('You reviewed Paula Poster: ★★★★★ 5 out of 5', { timeout: 20_000 });

  // The review form on the poster's gig page fits a phone too.
  await posterPage.goto(`/#gig/${gigId}`);
  await expect(ownDeal.getByRole('form', { name: 'Review Walter Worker' })).toBeVisible({ timeout: 30_000 });
  await usableOnPhone(posterPage, ownDeal);
  await posterPage.setViewportSize(VIEWPORTS[1]!);

  // The poster sees the worker paid and reviews them (keyboard: arrows move between the stars).
  walter = await openApplicant();
  deal = walter.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Paid: Walter Worker confirmed receiving $427.50.', { timeout: 20_000 });
  await expect(deal).toContainText('Walter Worker reviewed you: ★★★★★ 5 out of 5');
  await deal.getByRole('radio', { name: '3 stars' }).check();
  await posterPage.keyboard.press('ArrowRight');
  await expect(deal.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await deal.getByLabel('Your review').fill('Fast and careful work.');
  await deal.getByRole('button', { name: 'Post review' }).click();
  await expect(deal).toContainText('You reviewed Walter Worker: ★★★★☆ 4 out of 5', { timeout: 20_000 });
  await accessibleAtBothSizes(posterPage, 'section#dashboard');

  // Averages: the applicant list (after a fresh read) and the poster's next gig card.
  walter = await openApplicant();
  await expect(walter).toContainText('★ 4.0 · 1 review', { timeout: 20_000 });
  const nextTitle = uniqueTitle('Next landing page');
  await postGig(backend, poster, nextTitle);
  await app.goto('#gigs');
  const grid = page.getByRole('region', { name: 'Latest Gigs' });
  await grid.getByLabel('Search titles').fill(nextTitle);
  const card = grid.getByRole('article', { name: nextTitle });
  await expect(card).toContainText('★ 5.0 · 1 review', { timeout: 20_000 });
  await expect(card).toContainText('Worker keeps$42.75/hr');
  await posterContext.close();

  // The public profiles show the average, the count and the reviews.
  await app.goto(`#profile/${poster.id}`);
  await expect(page.getByText('Rated 5.0 out of 5 (1 review)', { exact: true })).toBeVisible({ timeout: 20_000 });
  const posterReviews = page.getByRole('region', { name: 'Reviews' });
  await expect(posterReviews).toContainText('Clear brief, paid promptly.');
  await expect(posterReviews).toContainText('Walter Worker');
  await app.goto(`#profile/${worker.id}`);
  await expect(page.getByText('Rated 4.0 out of 5 (1 review)', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText('Fast and careful work.');
});

/**
 * Getting paid and reviews on the composed page against the real backend (issue 14, parts 1–2):
 * the poster accepts and pays (the PayPal.me tab opens at the agreed amount;
 * PayPal itself is a stub), the worker reports it missing with a note, the poster pays again, the
 * worker confirms, both review, and the reviews and averages show on the public profiles, the
 * applicant list and the poster's next gig card. Axe checks each new state at 375 px and desktop.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { signIn } from '../../helpers/users';
import { applyAs, createMember, dashboard, expect, postGig, test, uniqueTitle } from './support';

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

/** No serious or critical axe violation in `selector`, on a phone and on a desktop. */
async function accessibleAtBothSizes(page: Page, selector: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const result = await new AxeBuilder({ page }).include(selector).analyze();
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `axe at ${viewport.width} px`).toEqual([]);
  }
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

test('accept → pay (PayPal at the agreed amount) → missing → pay again → confirm → both review → the reviews show', async ({ app, page, backend, browser }) => {
  test.setTimeout(480_000);
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const title = uniqueTitle('Paid landing page');
  const gigId = await postGig(backend, poster, title); // hourly, $45/hr, 10 hours
  await applyAs(backend, worker, gigId, 'I can build it this week.');

  // The poster accepts on the dashboard and sees the agreed amount and its split from the database.
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
  let deal = walter.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Agreed amount $450 (10 hours at $45/hr)', { timeout: 20_000 });
  await expect(deal).toContainText('Worker keeps $427.50 · Need40 fee $22.50');

  // The deal was frozen at acceptance: nobody edits its hours here (a change takes both parties).
  await expect(deal.getByLabel('Agreed hours', { exact: true })).toHaveCount(0);
  await accessibleAtBothSizes(posterPage, 'section#dashboard');

  // Pay with PayPal: the pending payment is recorded and PayPal opens in a new tab for $450.
  await paypalTabUrl(posterPage, deal.getByRole('button', { name: 'Pay with PayPal' }), 'https://paypal.me/need40/450');
  await expect(deal).toContainText('Waiting for Walter Worker to confirm the payment of $450.', { timeout: 20_000 });
  await expect(deal.getByRole('button', { name: /I received/ })).toHaveCount(0);
  await accessibleAtBothSizes(posterPage, 'section#dashboard');

  // The worker sees the payment on My applications and reports it missing, with a note.
  await signIn(page, backend, worker);
  await app.goto('#dashboard');
  const mine = dashboard(page).getByRole('region', { name: 'My applications' }).getByRole('listitem', { name: `Application for ${title}` });
  const workerDeal = mine.getByRole('group', { name: `Payment for ${title}` });
  await expect(workerDeal).toContainText('Paula Poster paid $450 through PayPal; you keep $427.50. Did it arrive?', { timeout: 30_000 });
  await workerDeal.getByRole('button', { name: 'Report missing' }).click();
  await workerDeal.getByRole('button', { name: 'Send report' }).click();
  await expect(workerDeal.getByLabel('What is missing?')).toHaveAccessibleDescription(/Write a short note for the poster/);
  await accessibleAtBothSizes(page, 'section#dashboard');
  await workerDeal.getByLabel('What is missing?').fill('Nothing has arrived in my PayPal yet.');
  await workerDeal.getByRole('button', { name: 'Send report' }).click();
  await expect(workerDeal).toContainText('You reported the payment missing. Paula Poster can pay again.', { timeout: 20_000 });

  // The poster sees the note and pays again.
  walter = await openApplicant();
  deal = walter.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Walter Worker reported the payment missing.', { timeout: 20_000 });
  await expect(deal).toContainText('Nothing has arrived in my PayPal yet.');
  await accessibleAtBothSizes(posterPage, 'section#dashboard');
  await paypalTabUrl(posterPage, deal.getByRole('button', { name: 'Pay again with PayPal' }), 'https://paypal.me/need40/450');
  await expect(deal).toContainText('Waiting for Walter Worker to confirm the payment of $450.', { timeout: 20_000 });

  // The worker confirms: the application is paid, and the review form opens.
  await page.reload();
  await workerDeal.getByRole('button', { name: 'I received $427.50' }).click({ timeout: 30_000 });
  await expect(mine.getByText('Paid', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(workerDeal).toContainText('You confirmed receiving the payment.');
  const review = workerDeal.getByRole('form', { name: 'Review Paula Poster' });
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(review.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await accessibleAtBothSizes(page, 'section#dashboard');
  await review.getByRole('radio', { name: '5 stars' }).check();
  await review.getByLabel('Your review').fill('Clear brief, paid promptly.');
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(workerDeal).toContainText('You reviewed Paula Poster: ★★★★★ 5 out of 5', { timeout: 20_000 });

  // The poster reviews the worker (keyboard: arrows move between the stars).
  walter = await openApplicant();
  deal = walter.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Paid: Walter Worker confirmed receiving the payment.', { timeout: 20_000 });
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
  await expect(page.getByText('Rated 5.0 out of 5 (1 review)')).toBeVisible({ timeout: 20_000 });
  const posterReviews = page.getByRole('region', { name: 'Reviews' });
  await expect(posterReviews).toContainText('Clear brief, paid promptly.');
  await expect(posterReviews).toContainText('Walter Worker');
  await app.goto(`#profile/${worker.id}`);
  await expect(page.getByText('Rated 4.0 out of 5 (1 review)')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText('Fast and careful work.');
});

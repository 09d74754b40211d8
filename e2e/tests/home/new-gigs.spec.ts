/**
 * Live Latest Gigs (issue 14, "N new gigs — show"): a visitor reads the grid on a phone while a
 * member posts a gig in another browser. The visitor's grid does not move; a polite notice offers
 * the gig, and "show" brings it in with focus on it. The poster's own grid shows the gig directly,
 * with no notice. The notice passes axe. Both grids search for a word of this test alone, so gigs
 * other specs post meanwhile on the run's backend neither count nor show.
 */
import { randomUUID } from 'node:crypto';
import { createConfirmedUser, signIn } from '../../helpers/users';
import { expect, latestGigs, postGigForm, seedGigs, test } from './support';
import { seriousViolations } from '../../helpers/axe';

// Generous: two browsers and a live connection on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('a gig posted in one browser shows "1 new gig — show" in the other, which moves nothing until shown', async ({ app, page, browser, backend }) => {
  const word = `w${randomUUID().slice(0, 8)}`;
  const shown = `Fix a leaking tap ${word}`;
  const posted = `Paint a mural for the bakery ${word}`;
  const poster = await createConfirmedUser(backend);
  await seedGigs(backend, poster, [{ title: shown, payment_type: 'fixed', rate: 80, location: 'onsite', skills: ['Plumbing'] }]);

  // The reader: a visitor on a phone, with the grid open.
  await page.setViewportSize({ width: 375, height: 812 });
  await app.goto(`?q=${word}#gigs`);
  const grid = latestGigs(page);
  await expect(grid.titles).toHaveText([shown], { timeout: 30_000 });
  const before = await grid.cards.first().boundingBox();
  // Layout shifts from here on (those right after an input are the reader's own doing).
  await page.evaluate(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shifted += e.value;
    }).observe({ type: 'layout-shift' });
  });

  // The poster, in a browser of their own, posts through the form.
  const posterContext = await browser.newContext({ baseURL: app.state.shellUrl });
  try {
    const posterPage = await posterContext.newPage();
    await signIn(posterPage, backend, poster);
    await posterPage.goto(`/?q=${word}#post-gig`);
    const form = postGigForm(posterPage);
    await form.getByLabel('Title').fill(posted, { timeout: 30_000 });
    await form.getByLabel('Description').fill('A wall of 4 by 2 metres, bright colours.');
    await form.getByLabel('Payment type').selectOption({ label: 'Fixed price' });
    await form.getByLabel('Rate ($ total)').fill('400');
    await form.getByLabel('Estimated hours').fill('16');
    await form.getByLabel('Location').selectOption({ label: 'Onsite' });
    await form.getByLabel('Skills').fill('Painting');
    await form.getByRole('button', { name: 'Post Gig' }).click();
    // The poster's own gig leads their grid at once, with no notice for it.
    const posterGrid = latestGigs(posterPage);
    await expect(posterGrid.titles).toHaveText([posted, shown], { timeout: 30_000 });
    await expect(posterGrid.region.getByRole('button', { name: /new gigs? — show/ })).toHaveCount(0);
  } finally {
    await posterContext.close();
  }

  // The reader is told, politely, and nothing under their eyes moved.
  const notice = grid.region.getByRole('button', { name: '1 new gig — show' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice.locator('xpath=..')).toHaveAttribute('aria-live', 'polite');
  await expect(grid.titles).toHaveText([shown]);
  expect(await grid.cards.first().boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  expect(await seriousViolations(page, '#gigs')).toEqual([]);

  // "show" brings the gig in, first, and puts focus on it.
  await notice.click();
  await expect(grid.titles).toHaveText([posted, shown], { timeout: 30_000 });
  await expect(grid.cards.first().getByRole('link', { name: posted })).toBeFocused();
  await expect(grid.region.getByRole('button', { name: /new gigs? — show/ })).toHaveCount(0);
  await expect(grid.region.getByText('Showing 2 of 2 gigs')).toBeVisible();
});

/**
 * Posting a gig from the home page (issue 5, journey 3), on a database of its own so "first in the
 * grid" means what it says: a signed-in user posts an hourly and then a fixed-price gig through the
 * Post Your Gig form and each one leads Latest Gigs with its rate, skills and posted date. The
 * confirmation takes focus and links to the new gig; a double click posts once; an insert whose
 * answer is lost says it is slow, and its Retry finds the gig already there (one gig, not two).
 */
import { createConfirmedUser, json, signIn, type Backend } from '../../helpers/users';
import { expect, latestGigs, postGigForm, shortDate, test } from './support';

/** The reader's time zone, pinned so the expected date is computed in the same one. */
const TIME_ZONE = 'America/New_York';
test.use({ timezoneId: TIME_ZONE });

async function postedAt(backend: Backend, title: string): Promise<string> {
  const rows = await json<{ created_at: string }[]>(
    await fetch(`${backend.url}/rest/v1/gigs?select=created_at&title=eq.${encodeURIComponent(title)}`, { headers: { apikey: backend.anonKey } }),
    'read gig',
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.created_at;
}

test('a signed-in user posts gigs and sees each one first, with its rate, skills and date', async ({ app, page, ownBackend }) => {
  const user = await createConfirmedUser(ownBackend);
  await signIn(page, ownBackend, user);
  await app.goto('#home');
  const grid = latestGigs(page);
  await expect(grid.region.getByText('No gigs available yet')).toBeVisible();

  const form = postGigForm(page);
  await expect(form.getByLabel('Payment type')).toHaveValue('hourly');
  await form.getByLabel('Title').fill('Fix the bakery website');
  await form.getByLabel('Description').fill('The order form breaks on phones.');
  await form.getByLabel('Rate ($ per hour)').fill('45');
  await form.getByLabel('Estimated hours').fill('12');
  await form.getByLabel('Location').selectOption({ label: 'Remote' });
  await form.getByLabel('Skills').fill(' React ,  CSS,, Accessibility ');
  await form.getByRole('button', { name: 'Post Gig' }).dblclick();
  const posted = form.getByText('Your gig is posted and now leads Latest Gigs.');
  await expect(posted).toBeFocused();
  await expect(form.getByLabel('Title')).toHaveValue('');

  const first = grid.cards.first();
  await expect(first.getByRole('heading')).toHaveText('Fix the bakery website');
  await expect(first.getByText('$45/hr', { exact: true })).toBeVisible();
  await expect(first.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText(['React', 'CSS', 'Accessibility']);
  await expect(first.getByText('The order form breaks on phones.')).toBeVisible();
  await expect(first.getByText('12 hrs (est.)')).toBeVisible();
  await expect(first.getByText('Remote', { exact: true })).toBeVisible();
  await expect(first.getByText(shortDate(await postedAt(ownBackend, 'Fix the bakery website'), TIME_ZONE), { exact: true })).toBeVisible();
  await expect(posted.getByRole('link', { name: 'Open your gig' })).toHaveAttribute('href', /^#gig\/[0-9a-f-]{36}$/);

  // The next insert reaches the database but its answer never comes back (a lost connection).
  let inserts = 0;
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/gigs'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      if (inserts++ > 0) return route.fallback();
      await route.fetch(); // stored; the page never hears of it
    },
  );

  await form.getByLabel('Title').fill('Logo for a bike shop');
  await form.getByLabel('Description').fill('A simple mark that works in one colour.');
  await form.getByLabel('Payment type').selectOption({ label: 'Fixed price' });
  await form.getByLabel('Rate ($ total)').fill('300');
  await form.getByLabel('Estimated hours').fill('6');
  await form.getByLabel('Location').selectOption({ label: 'Hybrid' });
  await form.getByLabel('Skills').fill('Figma, Branding');
  await form.getByRole('button', { name: 'Post Gig' }).click();
  await expect(form.getByText('This is taking longer than usual.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await form.getByRole('button', { name: 'Retry' }).click();
  await expect(form.getByText('Your gig is posted and now leads Latest Gigs.')).toBeFocused({ timeout: 20_000 });
  expect(inserts).toBe(2);

  await expect(grid.titles).toHaveText(['Logo for a bike shop', 'Fix the bakery website']);
  const fixed = grid.cards.first();
  await expect(fixed.getByText('$300', { exact: true })).toBeVisible();
  await expect(fixed.getByText('/hr')).toHaveCount(0);
  await expect(fixed.getByText('Fixed price', { exact: true })).toBeVisible();
  await expect(fixed.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText(['Figma', 'Branding']);
  await expect(fixed.getByText(shortDate(await postedAt(ownBackend, 'Logo for a bike shop'), TIME_ZONE), { exact: true })).toBeVisible();
  await expect(grid.region.getByText('Showing 2 of 2 gigs')).toBeVisible();
});

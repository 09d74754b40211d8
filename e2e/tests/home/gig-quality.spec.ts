/**
 * Defects people hit on the grid and the post form (issue 15: 2–4, 8, 9, 11, 12), on the composed
 * page against a real backend: the form's limits and a failed post, rates with cents, the poster's
 * name, skills matched whatever their case, invalid filters, a failed read, a malformed row.
 * They use the run's shared backend (a backend per test starts too slowly on a loaded machine), so
 * every gig carries a tag of its test and the grid is narrowed to it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createConfirmedUser, signIn } from '../../helpers/users';
import { expect, latestGigs, postGigForm, seedGigs, test } from './support';
import { seriousViolations } from '../../helpers/axe';

/** The full name every e2e user gives at sign-up (helpers/users.ts). */
const POSTER_NAME = 'E2E Worker';

test.setTimeout(180_000);

const newTag = () => `Qg${randomUUID().slice(0, 8)}`;

/** Requests to the gigs table (reads have a query string, the insert may not). */
const gigsTable = (url: URL) => url.pathname === '/rest/v1/gigs';

const gigPosts = (page: Page) => {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && gigsTable(new URL(req.url()))) posts.push(req.url());
  });
  return posts;
};

test('the form enforces the limits, a posted rate shows its cents with the poster\'s name, and skills match whatever their case', async ({ app, page, backend }) => {
  const tag = newTag();
  const user = await createConfirmedUser(backend);
  await signIn(page, backend, user);
  const posts = gigPosts(page);
  await app.goto(`?q=${tag}#home`);
  const form = postGigForm(page);
  await form.getByLabel('Title').fill('x'.repeat(201));
  await form.getByLabel('Description').fill('Two pages, one form.');
  await form.getByLabel('Rate ($ per hour)').fill('1e15');
  await form.getByLabel('Estimated hours').fill('12');
  await form.getByLabel('Location').selectOption({ label: 'Remote' });
  await form.getByLabel('Skills').fill('React, TypeScript');
  await form.getByRole('button', { name: 'Post Gig' }).click();
  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Title must be at most 200 characters (you have 201)');
  await expect(form.getByLabel('Rate ($ per hour)')).toHaveAccessibleDescription('Rate must be at most $1,000,000');
  expect(posts).toEqual([]);

  await form.getByLabel('Title').fill(`Cents and names ${tag}`);
  await form.getByLabel('Rate ($ per hour)').fill('25.5');
  await form.getByRole('button', { name: 'Post Gig' }).click();
  await expect(form.getByRole('status')).toContainText('Your gig is posted', { timeout: 20_000 });
  const grid = latestGigs(page);
  const card = grid.region.getByRole('article', { name: `Cents and names ${tag}` });
  await expect(card.getByText('$25.50/hr', { exact: true })).toBeVisible();
  await expect(card).toContainText(`Posted by ${POSTER_NAME}`);
  await expect(card.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText(['React', 'TypeScript']);

  await grid.filters.getByLabel('Skills').fill('react, typescript');
  await expect(grid.titles).toHaveText([`Cents and names ${tag}`]);
  await expect(page).toHaveURL(/skills=react%2C\+typescript|skills=react%2C%20typescript/);
});

test('an invalid rate filter says why, is not sent, and Clear filters clears it and the URL', async ({ app, page, backend: _backend }) => {
  await app.goto('#home');
  const filters = latestGigs(page).filters;
  const clear = filters.getByRole('button', { name: 'Clear filters' });
  await expect(clear).toBeDisabled();
  await filters.getByLabel('Min rate ($)').fill('-5');
  await expect(filters.getByLabel('Min rate ($)')).toHaveAccessibleDescription("Min rate can't be negative");
  await expect(clear).toBeEnabled();
  expect(new URL(page.url()).searchParams.has('min')).toBe(false);
  await filters.getByLabel('Min rate ($)').fill('90');
  await filters.getByLabel('Max rate ($)').fill('20');
  await expect(filters.getByLabel('Max rate ($)')).toHaveAccessibleDescription('Max rate must be at least the min rate');
  await expect(page).toHaveURL(/min=90/);
  await clear.click();
  await expect(filters.getByLabel('Min rate ($)')).toHaveValue('');
  await expect(filters.getByLabel('Max rate ($)')).toHaveValue('');
  await expect(page).not.toHaveURL(/min=|max=/);
  await expect(clear).toBeDisabled();
});

test('a failed post says what happened and what to do, and posting again works', async ({ app, page, backend }) => {
  const tag = newTag();
  const user = await createConfirmedUser(backend);
  await signIn(page, backend, user);
  await app.goto(`?q=${tag}#home`);
  const form = postGigForm(page);
  await form.getByLabel('Title').fill(`Posted on the second try ${tag}`);
  await form.getByLabel('Description').fill('The first try meets a dropped connection.');
  await form.getByLabel('Rate ($ per hour)').fill('40');
  await form.getByLabel('Estimated hours').fill('3');
  await form.getByLabel('Location').selectOption({ label: 'Hybrid' });
  await form.getByLabel('Skills').fill('Writing');
  await page.route(gigsTable, (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()));
  await form.getByRole('button', { name: 'Post Gig' }).click();
  await expect(form.getByRole('alert')).toContainText("Your gig was not posted: Need40 can't be reached right now.", { timeout: 20_000 });
  await expect(form.getByLabel('Title')).toHaveValue(`Posted on the second try ${tag}`);
  await page.unroute(gigsTable);
  await form.getByRole('button', { name: 'Post Gig' }).click();
  await expect(form.getByRole('status')).toContainText('Your gig is posted', { timeout: 20_000 });
  await expect(form.getByRole('alert')).toBeEmpty();
  await expect(latestGigs(page).titles).toHaveText([`Posted on the second try ${tag}`]);
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a failed read offers Retry, not "No gigs available yet"; a malformed row breaks only its card (${viewport.name})`, async ({ app, page, backend }) => {
    const tag = newTag();
    const readable = `Readable gig ${tag}`;
    const malformed = `Malformed gig ${tag}`;
    const user = await createConfirmedUser(backend);
    await seedGigs(backend, user, [
      { title: readable, payment_type: 'hourly', rate: 30, location: 'remote', skills: ['CSS'] },
      { title: malformed, payment_type: 'fixed', rate: 300, location: 'onsite', skills: ['Figma'] },
    ]);
    await page.setViewportSize(viewport);
    const read = (url: URL) => gigsTable(url) && url.searchParams.has('select');
    await page.route(read, (route) => route.abort('connectionrefused'));
    await app.goto(`?q=${tag}#home`);
    const grid = latestGigs(page);
    await expect(grid.region.getByRole('alert')).toContainText('Gigs could not be loaded.', { timeout: 20_000 });
    await expect(grid.region.getByText('No gigs available yet')).toHaveCount(0);
    expect(await seriousViolations(page, '#gigs')).toEqual([]);

    // The backend answers again, with one row broken on the way (skills not a list).
    await page.unroute(read);
    await page.route(read, async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as { title: string; skills: unknown }[];
      for (const row of rows) if (row.title === malformed) row.skills = 'Figma';
      // The body is re-encoded: drop the backend's compression and length, keep Content-Range (the count).
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
      await route.fulfill({ status: response.status(), headers, json: rows });
    });
    await grid.region.getByRole('button', { name: 'Retry' }).click();
    await expect(grid.titles).toHaveText([readable], { timeout: 20_000 });
    await expect(grid.region.getByText("This gig can't be shown.")).toBeVisible();
    await expect(postGigForm(page).getByLabel('Title')).toBeEditable();
  });
}

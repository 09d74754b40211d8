/**
 * The home page as a visitor sees it (issue 5, journeys 1 and 4): the connection banner, the hero's
 * three figures, the grid's loading text and then its empty text, on a database of its own;
 * "Login to Post Gig" opens the login modal instead of posting, and after logging in the form posts.
 */
import { createConfirmedUser } from '../../helpers/users';
import { expect, latestGigs, postGigForm, test } from './support';

test('a visitor sees the connection banner, the three hero stats, "Loading gigs..." and then "No gigs available yet"', async ({ app, page, ownBackend: _empty }) => {
  // The grid's read waits until the loading text has been seen.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/rest/v1/gigs?*', async (route) => {
    await held;
    await route.continue();
  });
  await app.goto('#home');
  const grid = latestGigs(page);
  await expect(grid.region.getByText('Loading gigs...')).toBeVisible();
  answer();
  await expect(page.getByRole('status').filter({ hasText: 'Connection successful! Database is ready.' })).toBeVisible();

  // The hero is the shell's own (painted with the page); the campaign remote follows it.
  const hero = page.locator('#home').getByRole('region', { name: 'Fair pay for every gig' });
  const stats: [string, string][] = [['$600', 'Average gig value'], ['$570', 'Worker earnings'], ['5%', 'Platform fee']];
  for (const [value, label] of stats) {
    await expect(hero.getByRole('definition').filter({ hasText: value })).toHaveText(value);
    await expect(hero.getByRole('term').filter({ hasText: label })).toBeVisible();
  }

  await expect(grid.region.getByText('No gigs available yet')).toBeVisible();
  await expect(grid.cards).toHaveCount(0);
  await expect(grid.region.getByText('Loading gigs...')).toHaveCount(0);
  await expect(grid.region.getByRole('link', { name: 'Post the first gig' })).toBeVisible();
});

test('signed out, the form reads "Login to Post Gig" and submitting opens the login modal; once logged in it posts', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  await app.goto('#home');
  const form = postGigForm(page);
  await expect(form.getByText('By posting a gig, you agree to our Terms of Service and Privacy Policy.')).toBeVisible();
  await form.getByLabel('Title').fill('Fix my fence');
  await form.getByRole('button', { name: 'Login to Post Gig' }).click();

  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Log in to access your account')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Log In' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(form.getByLabel('Title')).toHaveValue('Fix my fence');
  await expect(form.getByRole('button', { name: 'Login to Post Gig' })).toBeVisible();

  // Logging in from there keeps what was typed, and the button now posts.
  await form.getByRole('button', { name: 'Login to Post Gig' }).click();
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Post Gig', exact: true })).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('Fix my fence');
});

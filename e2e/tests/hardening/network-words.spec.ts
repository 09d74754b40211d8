/**
 * A request that never reaches the backend reads in plain words, never as the browser's
 * "TypeError: Failed to fetch": the login modal's error area, and a profile's load error (which
 * replaces the profile, with Retry). The failure is a refused connection made by the test, or a
 * read the backend never answers (the gig page gives up by itself).
 */
import { test, expect } from '../../fixtures';
import { createConfirmedUser } from '../../helpers/users';
import { createMember, postGig, uniqueTitle } from '../marketplace/support';

const NETWORK = "Can't reach Need40 right now — check your connection and try again.";
const SLOW = { timeout: 30_000 };

test('login with the backend unreachable shows the plain network sentence', async ({ app, page }) => {
  await app.goto('#home');
  await page.route('**/auth/v1/token**', (route) => route.abort('connectionrefused'));
  await app.navbar.getByRole('button', { name: 'Login' }).click(SLOW);
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Email').fill('someone@example.com');
  await login.getByLabel('Password').fill('secret123');
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login.getByRole('alert')).toHaveText(NETWORK, SLOW);
});

test('a public profile that cannot be reached shows the plain sentence with Retry, which loads it', async ({ app, page, backend }) => {
  const member = await createConfirmedUser(backend);
  let refuse = true;
  await page.route('**/rest/v1/profiles?**', (route) => (refuse ? route.abort('connectionrefused') : route.fallback()));
  await app.goto(`#profile/${member.id}`);
  const region = page.getByRole('region', { name: 'Member profile' });
  const alert = region.getByRole('alert');
  await expect(alert).toContainText(NETWORK, SLOW);
  await expect(alert).not.toContainText('Failed to fetch');
  refuse = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(region.getByRole('heading', { level: 1, name: 'E2E Worker' })).toBeVisible(SLOW);
});

test('a gig page whose read is never answered gives up with its message and Try again, which loads it', async ({ app, page, backend }) => {
  const poster = await createMember(backend, 'Paula Poster');
  const title = uniqueTitle('Hanging read');
  const gigId = await postGig(backend, poster, title);
  // The backend takes the request and never answers: the page's own deadline ends the wait
  // (supabase-js alone would wait for ever, and retried a refused read for 7 s).
  let hang = true;
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/gigs') && url.search.includes(gigId),
    (route) => (hang ? undefined : route.fallback()),
  );
  await app.goto(`#gig/${gigId}`);
  const gig = page.locator('section#gig');
  await expect(gig.getByRole('alert')).toHaveText('This gig could not be loaded. Check your connection and try again.', SLOW);
  hang = false;
  await gig.getByRole('button', { name: 'Try again' }).click();
  await expect(gig.getByRole('heading', { name: title })).toBeVisible(SLOW);
});

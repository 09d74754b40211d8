/**
 * Failure drill on the composed page (issue 7, point 5): the backend process is stopped and started
 * again on the same port and data, while a page is open.
 *   - A visitor: the connection banner says the connection failed, the navbar and every remote
 *     still work; when the backend returns the banner says so and the grid shows the gigs, without
 *     a reload.
 *   - A signed-in user: the session survives the outage (still signed in, no sign-out), a profile
 *     save during the outage says what failed and keeps what was typed, and saving again and posting
 *     a gig work once the backend is back.
 * Both in one test, with a backend of its own (the run's shared one must stay up for the other
 * specs) and one outage: the member's tab is open in a second browser before it, the visitor's page
 * loads during it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, ALL_REMOTES, composedApp, expectOneAuthClient, recordConsole, type ComposedApp } from '../../fixtures';
import { startBackend, type RunningBackend } from '../../helpers/backend';
import { createConfirmedUser, passwordSession, signIn, type Backend, type TestUser } from '../../helpers/users';

const FAILED = 'Connection failed. Check console for details.';
const OK = 'Connection successful! Database is ready.';

// The test starts a backend of its own (a copy of the migrated database) and starts it again after
// the outage, with two browsers open: on a loaded CI machine that alone can pass the default 60 s.
test.describe.configure({ timeout: 180_000 });

let own: RunningBackend | null = null;
test.afterEach(async () => {
  await own?.stop();
  own = null;
});

/** Point this page's config.json at `url` (the shell reads it at start). */
async function useBackend(page: Page, app: ComposedApp, url: string): Promise<void> {
  const config = await (await fetch(`${app.state.shellUrl}/config.json`)).json();
  await page.route('**/config.json', (route) => route.fulfill({ json: { ...config, supabaseUrl: url }, headers: { 'Cache-Control': 'no-cache' } }));
}

async function postGigAs(backend: Backend, user: TestUser, title: string): Promise<void> {
  const session = await passwordSession(backend, user.email, user.password);
  const res = await fetch(`${backend.url}/rest/v1/gigs`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, description: 'Posted before the outage.', payment_type: 'fixed', rate: 120, hours: 4, location: 'onsite', skills: ['drills'] }),
  });
  expect(res.status).toBe(201);
}

/** Stop the backend, keeping its data; returns a function that starts it again where it was. */
async function outage(backend: RunningBackend): Promise<() => Promise<RunningBackend>> {
  await backend.stop({ keepData: true });
  await expect.poll(() => fetch(`${backend.url}/health`).then(() => 'up', () => 'down')).toBe('down');
  return () => startBackend({ port: backend.port, dataDir: backend.dataDir, databaseUrl: backend.databaseUrl });
}

// One backend and one outage for both people (a backend start is the slow part of this drill): the
// member's tab is open before the outage, the visitor's page loads during it.
test('backend down: a visitor sees the banner and a working page, a signed-in member keeps the session and what was typed; both recover without a reload', async ({ app, page, backend, browser }) => {
  own = await startBackend();
  const target = { url: own.url, anonKey: backend.anonKey };
  const user = await createConfirmedUser(target);
  const title = `Before the outage ${randomUUID().slice(0, 8)}`;
  await postGigAs(target, user, title);

  // The member, signed in, in a browser of their own: My Profile in edit mode when the backend goes.
  const memberContext = await browser.newContext({ baseURL: app.state.shellUrl });
  try {
    const memberPage = await memberContext.newPage();
    const memberConsole = recordConsole(memberPage);
    const member = composedApp(memberPage);
    await signIn(memberPage, target, user);
    await useBackend(memberPage, app, own.url);
    await member.goto('#home');
    await expect(memberPage.getByTestId('connection-banner')).toHaveText(OK);
    await expect(member.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await member.navbar.getByRole('link', { name: 'My Profile', exact: true }).click();
    const profile = member.slot('profile');
    await profile.getByRole('button', { name: 'Edit Profile' }).click();

    const restart = await outage(own);

    // The visitor's page loads during the outage.
    await useBackend(page, app, own.url);
    await app.goto('#home');
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toHaveText(new RegExp(FAILED.replace(/[.]/g, '\\.')));
    await expect(banner).toHaveAttribute('role', 'alert');
    // (My Profile's slot is only mounted for a signed-in user.)
    for (const remote of ALL_REMOTES.filter((r) => r !== 'profile')) await expect(app.slot(remote)).toHaveAttribute('data-remote-status', 'ready');
    // An outage is not an empty marketplace: the grid says it could not load and offers Retry.
    await expect(app.slot('gigs').getByText('Gigs could not be loaded.')).toBeVisible();
    await expect(app.slot('gigs').getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(app.slot('gigs').getByText('No gigs available yet')).toHaveCount(0);
    await app.navbar.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'About Need40' })).toBeVisible();
    await app.navbar.getByRole('link', { name: 'Home', exact: true }).click();
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__noReload = true));

    // The member saves during the outage: it fails with a message; edit mode and what was typed stay.
    await profile.getByLabel('Full name', { exact: true }).fill('Offline Olivia');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(profile.getByRole('alert')).toBeVisible({ timeout: 20_000 });
    await expect(profile.getByRole('alert')).toContainText("Can't reach Need40 right now — check your connection and try again.");
    await expect(profile.getByRole('alert')).not.toContainText('Failed to fetch');
    await expect(profile.getByLabel('Full name', { exact: true })).toHaveValue('Offline Olivia');
    // The outage does not sign anyone out.
    await expect(member.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();

    own = await restart();
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(profile.getByRole('heading', { name: 'Offline Olivia' })).toBeVisible();
    await expect(member.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();

    // The same session still writes.
    await member.navbar.getByRole('link', { name: 'Home', exact: true }).click();
    const gigs = member.slot('gigs');
    const posted = `After the outage ${randomUUID().slice(0, 8)}`;
    const form = gigs.getByRole('region', { name: 'Post Your Gig' });
    await form.getByLabel('Title').fill(posted);
    await form.getByLabel('Description').fill('Posted once the backend came back.');
    await form.getByLabel('Rate ($ per hour)').fill('40');
    await form.getByLabel('Estimated hours').fill('2');
    await form.getByLabel('Location').selectOption('remote');
    await form.getByLabel('Skills').fill('patience, resilience');
    await form.getByRole('button', { name: 'Post Gig' }).click();
    await expect(gigs.getByRole('article').first()).toContainText(posted);
    expectOneAuthClient(memberConsole);
  } finally {
    await memberContext.close();
  }

  // The visitor's banner checks again by itself (2 s, doubling); no click, no reload.
  await expect(page.getByTestId('connection-banner')).toHaveText(OK, { timeout: 40_000 });
  await expect(app.slot('gigs').getByRole('article').filter({ hasText: title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__noReload)).toBe(true);
});

/**
 * Failure containment, for each of the four remotes and three ways to fail, with a real signed-in
 * session in progress (a user signed in through the real backend):
 *   down  — nothing listens on its port (connection refused);
 *   hang  — its port accepts and never answers (the shell's own timeout must fire);
 *   throw — a broken deployment whose exposed component throws while rendering.
 * Each time: the slot says what happened with a Retry button; the navbar and every other remote
 * keep working and keep using the session (the profile shows the user's own name, the gigs form
 * offers "Post Gig", not "Login to Post Gig"); once the remote is back, Retry restores it signed
 * in without reloading the page; the session is still real (signing out goes through the backend).
 */
import { test, expect, ALL_REMOTES, type ComposedApp, type RemoteName } from '../../fixtures';
import { BROKEN_MESSAGE, type RemoteMode } from '../../helpers/remote-server';
import { createConfirmedUser, signIn, type Backend, type TestUser } from '../../helpers/users';

const MODES: Exclude<RemoteMode, 'ok'>[] = ['down', 'hang', 'throw'];

/** What a working remote shows to a signed-in user. */
async function expectSignedInView(app: ComposedApp, remote: RemoteName): Promise<void> {
  const slot = app.slot(remote);
  await expect(slot).toHaveAttribute('data-remote-status', 'ready');
  if (remote === 'profile') await expect(slot.getByRole('heading', { name: 'E2E Worker' })).toBeVisible();
  if (remote === 'gigs') await expect(slot.getByRole('button', { name: 'Post Gig', exact: true })).toBeVisible();
  if (remote === 'campaign') await expect(slot.getByRole('button', { name: 'Pay $600', exact: true })).toBeVisible();
}

const pageOf = (remote: RemoteName) => (remote === 'profile' ? 'My Profile' : 'Home');

// One member per worker for the twelve tests: each signs in afresh (a session of its own) and ends
// by signing out, and none changes the member.
let member: Promise<TestUser> | undefined;
const theMember = (backend: Backend) => (member ??= createConfirmedUser(backend));

for (const remote of ALL_REMOTES) {
  for (const mode of MODES) {
    test(`${remote} ${mode}: the rest of the page works signed in, Retry recovers`, async ({ app, remotes, page, backend }) => {
      await signIn(page, backend, await theMember(backend));
      const server = await remotes.control(remote, mode);
      // Only a hanging remote needs the shell's timeout to fire; a short one for every remote would
      // also fail healthy remotes on a loaded machine.
      if (mode === 'hang') await remotes.set({ loadTimeoutMs: 3000, retries: 1 });
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(`http://127.0.0.1:${server.port}/`)) requests.push(r.url());
      });
      await app.goto(remote === 'profile' ? '#profile' : '#home');

      const slot = app.slot(remote);
      await expect(slot).toHaveAttribute('data-remote-status', 'error', { timeout: 15_000 });
      const alert = slot.getByRole('alert');
      await expect(alert).toContainText(mode === 'throw' ? 'stopped working' : 'could not be loaded');
      await expect(slot.getByRole('button', { name: 'Retry' })).toBeVisible();
      if (mode === 'throw') await expect(alert.locator('pre')).toContainText(BROKEN_MESSAGE);
      else expect(requests.filter((u) => u.includes('mf-manifest.json')).length, 'one automatic retry').toBeGreaterThanOrEqual(2);

      // Still signed in; the navbar navigates and every other remote works with the session.
      await expect(app.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();
      await app.navbar.getByRole('link', { name: 'About', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'About Need40' })).toBeVisible();
      for (const other of ALL_REMOTES.filter((r) => r !== remote)) {
        await app.navbar.getByRole('link', { name: pageOf(other), exact: true }).click();
        await expectSignedInView(app, other);
      }
      await app.navbar.getByRole('link', { name: pageOf(remote), exact: true }).click();
      await expect(slot).toHaveAttribute('data-remote-status', 'error');

      // The remote comes back; Retry restores it in place (no reload: a marker on window survives).
      await page.evaluate(() => ((window as unknown as Record<string, unknown>).__noReload = true));
      await server.setMode('ok');
      await slot.getByRole('button', { name: 'Retry' }).click();
      await expect(slot).toHaveAttribute('data-remote-status', 'ready', { timeout: 15_000 });
      await expect(slot.locator('[data-remote-error]')).toHaveCount(0);
      await expectSignedInView(app, remote);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__noReload)).toBe(true);

      // The session is real and still valid: signing out goes through the backend.
      await app.navbar.getByRole('button', { name: 'Logout' }).click();
      await expect(app.navbar.getByRole('button', { name: 'Login' })).toBeVisible();
    });
  }
}

test('the slot message stays put while retrying and a second failure shows it again', async ({ app, remotes }) => {
  await remotes.control('campaign', 'down');
  await remotes.set({ loadTimeoutMs: 1000, retries: 1 });
  await app.goto();
  const slot = app.slot('campaign');
  await expect(slot).toHaveAttribute('data-remote-status', 'error');
  await slot.getByRole('button', { name: 'Retry' }).click();
  await expect(slot).toHaveAttribute('data-remote-status', 'error');
  await expect(slot.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(app.slot('gigs')).toHaveAttribute('data-remote-status', 'ready');
});

/**
 * Failure drill on the composed page with a real signed-in session in progress (issue 7, point 5):
 * each remote down, hanging or throwing while a user is signed in through the real backend. The
 * session survives — the navbar stays signed in, the other remotes keep using it (the profile shows
 * the user's own name, the gigs form offers "Post Gig", not "Login to Post Gig") — and once the
 * remote is back, Retry brings it back signed in, without a reload.
 * (tests/composition/failure-containment.spec.ts covers the same failures without a backend.)
 */
import { test, expect, ALL_REMOTES, type ComposedApp, type RemoteName } from '../../fixtures';
import type { RemoteMode } from '../../helpers/remote-server';
import { createConfirmedUser, signIn } from '../../helpers/users';

const MODES: Exclude<RemoteMode, 'ok'>[] = ['down', 'hang', 'throw'];

/** What a working remote shows to a signed-in user. */
async function expectSignedInView(app: ComposedApp, remote: RemoteName): Promise<void> {
  const slot = app.slot(remote);
  await expect(slot).toHaveAttribute('data-remote-status', 'ready');
  if (remote === 'profile') await expect(slot.getByRole('heading', { name: 'E2E Worker' })).toBeVisible();
  if (remote === 'gigs') await expect(slot.getByRole('button', { name: 'Post Gig', exact: true })).toBeVisible();
  if (remote === 'campaign') await expect(slot.getByRole('button', { name: 'Pay $600', exact: true })).toBeVisible();
}

for (const remote of ALL_REMOTES) {
  for (const mode of MODES) {
    test(`signed in, ${remote} ${mode}: the session survives and Retry brings the remote back signed in`, async ({ app, remotes, page, backend }) => {
      const user = await createConfirmedUser(backend);
      await signIn(page, backend, user);
      const server = await remotes.control(remote, mode);
      await remotes.set({ loadTimeoutMs: 1500, retries: 1 });
      await app.goto('#home');

      const slot = app.slot(remote);
      if (remote === 'profile') await app.navbar.getByRole('link', { name: 'My Profile', exact: true }).click();
      await expect(slot).toHaveAttribute('data-remote-status', 'error', { timeout: 15_000 });
      await expect(slot.getByRole('button', { name: 'Retry' })).toBeVisible();

      // Still signed in, and every other remote works with the session.
      await expect(app.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(app.navbar.getByRole('link', { name: 'My Profile', exact: true })).toBeVisible();
      for (const other of ALL_REMOTES.filter((r) => r !== remote)) {
        if (other === 'profile') await app.navbar.getByRole('link', { name: 'My Profile', exact: true }).click();
        else await app.navbar.getByRole('link', { name: 'Home', exact: true }).click();
        await expectSignedInView(app, other);
      }

      await page.evaluate(() => ((window as unknown as Record<string, unknown>).__noReload = true));
      await server.setMode('ok');
      await app.navbar.getByRole('link', { name: remote === 'profile' ? 'My Profile' : 'Home', exact: true }).click();
      await slot.getByRole('button', { name: 'Retry' }).click();
      await expectSignedInView(app, remote);
      await expect(app.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__noReload)).toBe(true);

      // The session is real and still valid: signing out goes through the backend.
      await app.navbar.getByRole('button', { name: 'Logout' }).click();
      await expect(app.navbar.getByRole('button', { name: 'Login' })).toBeVisible();
    });
  }
}

/**
 * Failure containment, for each of the four remotes and three ways to fail:
 *   down  — nothing listens on its port (connection refused);
 *   hang  — its port accepts and never answers (the shell's own timeout must fire);
 *   throw — a broken deployment whose exposed component throws while rendering.
 * Each time: the navbar and every other remote keep working, the slot says what happened with a
 * Retry button, and once the remote is back Retry restores it without reloading the page.
 */
import { test, expect, ALL_REMOTES, type ComposedApp, type RemoteName } from '../../fixtures';
import { BROKEN_MESSAGE, type RemoteMode } from '../../helpers/remote-server';

const MODES: Exclude<RemoteMode, 'ok'>[] = ['down', 'hang', 'throw'];

async function expectRestOfPageWorks(app: ComposedApp, broken: RemoteName) {
  const { page } = app;
  for (const other of ALL_REMOTES.filter((r) => r !== broken)) {
    await expect(app.slot(other), `${other} still renders`).toHaveAttribute('data-remote-status', 'ready');
  }
  // The navbar still navigates.
  await app.navbar.getByRole('link', { name: 'About', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'About Need40' })).toBeVisible();
  await app.navbar.getByRole('link', { name: broken === 'profile' ? 'My Profile' : 'Home', exact: true }).click();
}

for (const remote of ALL_REMOTES) {
  for (const mode of MODES) {
    test(`${remote} ${mode}: the rest of the page works, Retry recovers`, async ({ app, remotes, page }) => {
      const server = await remotes.control(remote, mode);
      await remotes.set({ loadTimeoutMs: 1500, retries: 1 });
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(`http://127.0.0.1:${server.port}/`)) requests.push(r.url());
      });
      await app.fakeSession();
      await app.goto(remote === 'profile' ? '#profile' : '#home');

      const slot = app.slot(remote);
      await expect(slot).toHaveAttribute('data-remote-status', 'error', { timeout: 15_000 });
      const alert = slot.getByRole('alert');
      await expect(alert).toContainText(mode === 'throw' ? 'stopped working' : 'could not be loaded');
      const retry = slot.getByRole('button', { name: 'Retry' });
      await expect(retry).toBeVisible();
      if (mode === 'throw') await expect(alert.locator('pre')).toContainText(BROKEN_MESSAGE);
      else expect(requests.filter((u) => u.includes('mf-manifest.json')).length, 'one automatic retry').toBeGreaterThanOrEqual(2);

      await expectRestOfPageWorks(app, remote);
      await expect(slot).toHaveAttribute('data-remote-status', 'error');

      // The remote comes back; Retry restores it in place (no reload: a marker on window survives).
      await page.evaluate(() => ((window as unknown as Record<string, unknown>).__noReload = true));
      await server.setMode('ok');
      await slot.getByRole('button', { name: 'Retry' }).click();
      await expect(slot).toHaveAttribute('data-remote-status', 'ready', { timeout: 15_000 });
      await expect(slot.locator('[data-remote-error]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__noReload)).toBe(true);
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

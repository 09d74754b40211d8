/**
 * A remote built against another major of the kernel (@need40/shared 2.0.0, this page runs 1.x)
 * is refused before any of its code runs: its slot says so plainly, and the rest of the page
 * works. (The federation runtime alone would only warn in the console and run the remote on the
 * shell's kernel.)
 */
import { test, expect } from '../../fixtures';
import { buildRemoteVariant } from '../../helpers/redeploy';

test('a remote built for an incompatible kernel shows a clear message in its slot; the page works', async ({ app, remotes, page }) => {
  test.setTimeout(120_000);
  const v2 = buildRemoteVariant({ remote: 'campaign', tag: 'kernel2', kernelVersion: '2.0.0' });
  const server = await remotes.control('campaign', 'ok');
  server.setRoot(v2);

  await app.goto();
  const slot = app.slot('campaign');
  await expect(slot).toHaveAttribute('data-remote-status', 'error');
  await expect(slot.getByRole('alert')).toHaveAttribute('data-remote-error', 'kernel');
  await expect(slot.getByText('The Need40 campaign is not compatible with this page.')).toBeVisible();
  await expect(slot.getByText(/It was built for @need40\/shared \^2\.0\.0, but this page runs 1\.\d+\.\d+, so it was not loaded\./)).toBeVisible();
  // None of its code runs: no script of its server was inserted (public/prefetch.js may have
  // preloaded its files, which fetches them without running them) and its container never appeared.
  const origin = new URL(server.manifestUrl).origin;
  expect(await page.evaluate((o) => document.querySelectorAll(`script[src^="${o}"]`).length, origin)).toBe(0);
  expect(await page.evaluate(() => typeof (window as unknown as { campaign?: { init?: unknown } }).campaign?.init)).toBe('undefined');

  // The rest of the page works: gigs loaded, the navbar still switches views.
  await expect(app.slot('gigs')).toHaveAttribute('data-remote-status', 'ready');
  await expect(app.slot('gigs').getByRole('heading', { name: 'Post Your Gig' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'About' }).click();
  await expect(page.locator('#about')).toBeVisible();
});

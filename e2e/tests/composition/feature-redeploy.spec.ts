/**
 * Feature code ships with its remote. The campaign's launch-date formatting lives in mf-campaign
 * (not in the @need40/shared singleton, where the shell's copy would win on the composed page), so
 * a change to it, built and deployed with mf-campaign alone, shows on the composed page while the
 * shell and the other remotes stay as they are.
 */
import { test, expect } from '../../fixtures';
import { buildRemoteVariant, editFile } from '../../helpers/redeploy';

test('a feature-level change redeployed with one remote alone shows on the composed page', async ({ app, remotes, page }) => {
  test.setTimeout(120_000);
  const v2 = buildRemoteVariant({
    remote: 'campaign',
    tag: 'short-date',
    edit: (dir) => editFile(dir, 'src/lib/format.ts', "{ month: 'long', timeZone: 'UTC' }", "{ month: 'short', timeZone: 'UTC' }"),
  });
  const server = await remotes.control('campaign', 'ok');
  // The launch badge's date (the hero above the campaign is the shell's own).
  const figure = app.slot('campaign').locator('time').first();

  await app.goto();
  await expect(app.slot('campaign')).toHaveAttribute('data-remote-status', 'ready');
  await expect(figure).toHaveText('April 8, 2024');

  server.setRoot(v2);
  await page.reload();
  await expect(app.slot('campaign')).toHaveAttribute('data-remote-status', 'ready');
  await expect(figure).toHaveText('Apr 8, 2024');
  // The rest of the page is the same build: gigs loads as before, the shell's own text is unchanged.
  await expect(app.slot('gigs')).toHaveAttribute('data-remote-status', 'ready');
  await expect(app.slot('gigs').getByRole('heading', { name: 'Post Your Gig' })).toBeVisible();
});

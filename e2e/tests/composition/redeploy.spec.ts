/**
 * Independent deployment: mf-campaign is rebuilt from a copy of its source with a visible change
 * and its files are swapped on the server it is deployed to. The shell is not rebuilt or restarted;
 * the next page load shows the new version (manifest and remoteEntry are served no-cache, the new
 * chunks have new content hashes).
 */
import { test, expect } from '../../fixtures';
import { buildRedeployedCampaign, REDEPLOY_MARKER } from '../../helpers/redeploy';

test('a remote redeployed alone is picked up by the unchanged shell on reload', async ({ app, remotes, page }) => {
  test.setTimeout(120_000);
  const v2 = buildRedeployedCampaign();
  const server = await remotes.control('campaign', 'ok');
  const shellScripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && r.url().startsWith(app.state.shellUrl)) shellScripts.add(new URL(r.url()).pathname);
  });

  await app.goto();
  await expect(app.slot('campaign')).toHaveAttribute('data-remote-status', 'ready');
  await expect(page.getByText(REDEPLOY_MARKER)).toHaveCount(0);
  const shellBefore = [...shellScripts].sort();

  server.setRoot(v2);
  await page.reload();
  await expect(app.slot('campaign')).toHaveAttribute('data-remote-status', 'ready');
  await expect(app.slot('campaign').getByText(REDEPLOY_MARKER)).toBeVisible();
  await expect(app.slot('gigs')).toHaveAttribute('data-remote-status', 'ready');
  // Same shell files before and after: nothing but the remote changed.
  expect([...shellScripts].sort()).toEqual(shellBefore);
});

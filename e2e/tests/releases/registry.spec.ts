/**
 * The registry as the page lives with it: a rollback while a signed-in tab is open (the tab keeps
 * its versions, the next load takes the rolled-back one), a 50% canary seen by two different users
 * (each always the same version), the QA override (visible, limited to published versions), and
 * the registry absent (every remote's own build) or unreachable (the copy the browser kept).
 */
import { inCanary, OVERRIDE_PARAM } from '@need40/release/registry';
import { test, expect } from '../../fixtures';
import { canaryIn, markedVariant, markerOf, promoteIn, publish, publishLocal, rollbackIn, useRegistry } from '../../helpers/releases';
import { freshLoad, loadedVersion, markers, ready } from './support';

const NEXT = markerOf('campaign', 'N+1');
const nextBuild = () => markedVariant('campaign', 'N+1', '0.2.0');

const campaignReady = (app: import('../../fixtures').ComposedApp) => ready(app, 'campaign');

test('a rollback while a session is open: the open tab keeps its versions, the next load gets the previous one', async ({ app, remotes, page }) => {
  test.setTimeout(180_000);
  const [current, next] = [await publishLocal('campaign'), await publish('campaign', nextBuild())];
  const env = await useRegistry(remotes);
  await promoteIn(env, current);
  await promoteIn(env, next);
  await app.fakeSession();
  await app.goto('#home');
  await campaignReady(app);
  expect(await markers(page)).toEqual([NEXT]);

  const doc = await rollbackIn(env, 'campaign');
  expect(doc.remotes.campaign?.current.version).toBe(current.version);
  // The open tab: moving between views, the same version stays (nothing reloads it).
  await app.navbar.getByRole('link', { name: 'About', exact: true }).click();
  await app.navbar.getByRole('link', { name: 'Home', exact: true }).click();
  expect(await markers(page)).toEqual([NEXT]);
  // Its next load: the registry's new current version, signed in as before.
  await freshLoad(app);
  await campaignReady(app);
  expect(await markers(page)).toEqual([]);
  expect(await loadedVersion(page, 'campaign')).toBe(current.version);
  await expect(app.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a canary at 50%: two users see different versions, each always the same one', async ({ app, remotes, page }) => {
  test.setTimeout(180_000);
  const [current, next] = [await publishLocal('campaign'), await publish('campaign', nextBuild())];
  const env = await useRegistry(remotes);
  await promoteIn(env, current);
  await canaryIn(env, next, 50);
  const ids = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
  const inside = ids.find((id) => inCanary(id, 'campaign', next.version, 50))!;
  const outside = ids.find((id) => !inCanary(id, 'campaign', next.version, 50))!;
  for (const [id, expected] of [[inside, next], [outside, current], [inside, next], [outside, current]] as const) {
    await app.fakeSession({ id });
    await freshLoad(app);
    await campaignReady(app);
    expect(await loadedVersion(page, 'campaign'), `user ${id}`).toBe(expected.version);
    expect(await markers(page)).toEqual(expected === next ? [NEXT] : []);
  }
});

test('the QA override: a published version, visible on the page, kept across reloads until ended', async ({ app, remotes, page }) => {
  test.setTimeout(180_000);
  const [current, next] = [await publishLocal('campaign'), await publish('campaign', nextBuild())];
  const env = await useRegistry(remotes);
  await promoteIn(env, current);
  const banner = page.getByTestId('qa-override');

  await page.goto(`/?${OVERRIDE_PARAM}=campaign@${next.version}#home`);
  await campaignReady(app);
  await expect(banner).toContainText(`campaign ${next.version}`);
  expect(await markers(page)).toEqual([NEXT]);
  await freshLoad(app); // no parameter: the cookie keeps the override
  await campaignReady(app);
  expect(await markers(page)).toEqual([NEXT]);

  await banner.getByRole('button', { name: 'End override' }).click();
  await expect(banner).toHaveCount(0);
  await campaignReady(app);
  expect(await loadedVersion(page, 'campaign')).toBe(current.version);

  // Not published (or not a version at all): refused on the banner, the registry's version runs.
  await page.goto(`/?${OVERRIDE_PARAM}=campaign@9.9.9%2B0000000000,gigs@latest#home`);
  await campaignReady(app);
  await expect(banner).toContainText('Ignored campaign@9.9.9+0000000000: not a published version.');
  await expect(banner).toContainText('Ignored gigs@latest: not <remote>@<version>.');
  expect(await loadedVersion(page, 'campaign')).toBe(current.version);
});

test('no registry yet: every remote runs its own build; registry unreachable: the copy the browser kept', async ({ app, remotes, page }) => {
  test.setTimeout(180_000);
  const env = await useRegistry(remotes, { registryTimeoutMs: 1500 });
  await app.goto('#home');
  await app.waitForSlots();
  await campaignReady(app);
  expect(await loadedVersion(page, 'campaign'), 'not from the store').toBeNull();

  const next = await publish('campaign', nextBuild());
  await promoteIn(env, next);
  await freshLoad(app);
  await campaignReady(app);
  expect(await markers(page)).toEqual([NEXT]);

  for (const outage of ['503', 'hang'] as const) {
    await page.route(`**/registry/${env}.json`, (route) => (outage === '503' ? route.fulfill({ status: 503, body: 'down' }) : new Promise(() => undefined)));
    await freshLoad(app);
    await campaignReady(app);
    expect(await markers(page), `registry ${outage}: the kept copy`).toEqual([NEXT]);
    await page.unroute(`**/registry/${env}.json`);
  }
});

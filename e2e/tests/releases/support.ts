/** What the release specs share: the smoke journey over the composed page, and the page's release state. */
import type { Page } from '@playwright/test';
import { expect, ALL_REMOTES, type ComposedApp } from '../../fixtures';

/**
 * The smoke journey: signed out, the campaign's payment buttons, Latest Gigs and Post Your Gig,
 * the login dialog of the auth remote; signed in, the profile. Every slot ready, no error shown.
 * `expected` (remote → version): each of those remotes ran that version from the release store.
 */
export async function smokeJourney(app: ComposedApp, query = '', expected: Record<string, string> = {}): Promise<void> {
  const { page } = app;
  await page.goto(`/${query}#home`);
  await app.waitForSlots();
  await expect(app.slot('campaign').getByRole('button', { name: 'Pay $600', exact: true })).toBeVisible();
  await expect(app.slot('gigs').getByRole('heading', { name: 'Latest Gigs' })).toBeVisible();
  await expect(app.slot('gigs').getByRole('heading', { name: 'Post Your Gig' })).toBeVisible();
  await app.navbar.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toContainText('Welcome Back');
  for (const remote of ['campaign', 'gigs', 'auth']) {
    if (expected[remote]) expect(await loadedVersion(page, remote), `${remote} ran from the release store`).toBe(expected[remote]);
  }
  await page.keyboard.press('Escape');
  await app.fakeSession();
  // Only the hash differs from the page we are on: goto would not load the page again.
  await page.goto(`/${query}#profile`);
  await page.reload();
  await app.waitForSlots();
  for (const remote of ALL_REMOTES) await expect(app.slot(remote), `${remote} is ready`).toHaveAttribute('data-remote-status', 'ready');
  await expect(page.locator('[data-remote-error]')).toHaveCount(0);
  if (expected.profile) expect(await loadedVersion(page, 'profile'), 'profile ran from the release store').toBe(expected.profile);
}

/** The markers of the marked variants on the page (helpers/releases.ts markedVariant). */
export const markers = (page: Page) => page.locator('[data-release-marker]').evaluateAll((els) => els.map((e) => e.getAttribute('data-release-marker')));

/** Which manifest URL the page loaded for `remote` (the version it runs). */
export async function loadedVersion(page: Page, remote: string): Promise<string | null> {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const hit = urls.reverse().find((u) => u.includes(`/releases/${remote}/`) && u.includes('/remoteEntry.js'));
  return hit ? decodeURIComponent(hit.split(`/releases/${remote}/`)[1]!.split('/')[0]!) : null;
}

/**
 * A real page load of `hash` (app.goto to the address the page is already on, hash included, would
 * only move within the document: no new registry read, no new version).
 */
export async function freshLoad(app: ComposedApp, hash = '#home'): Promise<void> {
  await app.page.goto('about:blank');
  await app.goto(hash);
}

/** The slot of `remote` is ready (the machine may be loaded: a release spec waits longer than the default). */
export async function ready(app: ComposedApp, remote: string): Promise<void> {
  await expect(app.slot(remote)).toHaveAttribute('data-remote-status', 'ready', { timeout: 30_000 });
}

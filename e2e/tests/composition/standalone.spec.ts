/**
 * Every remote also runs alone, on its own page at its own origin (a team develops and tests it
 * without the shell): the page loads its runtime from standalone-runtime.js, the same config and
 * session as the composed page, and renders the exposed component inside the standalone frame.
 */
import { test, expect, ALL_REMOTES, type RemoteName } from '../../fixtures';
import { PACKAGE_OF } from '../../helpers/paths';

/** What each remote shows on its own page. */
const SHOWS: Record<RemoteName, (page: import('@playwright/test').Page) => Promise<void>> = {
  gigs: async (page) => {
    await expect(page.getByRole('heading', { name: 'Latest Gigs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Post Your Gig' })).toBeVisible();
    // The remote and the frame share one UI store: the form's request for login reaches the frame.
    await page.getByRole('button', { name: 'Login to Post Gig' }).click();
    await expect(page.getByText('auth modal: open (login)')).toBeVisible();
  },
  campaign: async (page) => {
    await expect(page.getByRole('button', { name: 'Pay $600', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Give40 Support' })).toBeVisible();
  },
  profile: async (page) => {
    await expect(page.getByText('Sign in on this origin, or open this page with ?userId=<profile id>.')).toBeVisible();
  },
  auth: async (page) => {
    await page.getByRole('button', { name: 'open login' }).click();
    await expect(page.getByRole('dialog')).toContainText('Welcome Back');
    await expect(page.getByText('auth modal: open (login)')).toBeVisible();
  },
};

for (const remote of ALL_REMOTES) {
  test(`${remote} runs alone on its own page`, async ({ app, page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL('/', app.state.remotes[remote]).href);
    await expect(page.getByText(`${PACKAGE_OF[remote]} standalone · session: signed-out`)).toBeVisible();
    await SHOWS[remote]!(page);
    // One federation runtime and one copy of the shared package on the page.
    const scope = await page.evaluate(() => {
      const g = globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, unknown>>>> } };
      const share = Object.values(g.__FEDERATION__?.__SHARE__ ?? {})[0]?.default ?? {};
      return Object.fromEntries(Object.entries(share).map(([name, versions]) => [name, Object.keys(versions).length]));
    });
    expect(scope['@need40/shared']).toBe(1);
    expect(errors).toEqual([]);
  });
}

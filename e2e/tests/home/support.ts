/**
 * Helpers of the home page journeys (issue 5).
 *
 * `test` adds `ownBackend` to the suite's fixtures: a backend of this test alone (empty database),
 * started before the page loads and stopped after the test. The page is pointed at it by serving
 * the shell's config.json with `supabaseUrl` changed; everything else is the run's real setup.
 *
 *   test('…', async ({ app, ownBackend }) => { await app.goto('#home'); … });
 */
import type { Locator, Page } from '@playwright/test';
import { startBackend } from '../../helpers/backend';
import { json, passwordSession, type Backend, type TestUser } from '../../helpers/users';
import { test as base } from '../../fixtures';

export { expect } from '../../fixtures';

export const test = base.extend<{ ownBackend: Backend }>({
  // Its own timeout, apart from the test's: a backend on an empty database applies every migration
  // first, which on a loaded CI machine took most of a test's 60 s.
  ownBackend: [async ({ page, app }, use) => {
    const shellUrl = app.state.shellUrl;
    const backend = await startBackend({ env: { SITE_URL: shellUrl } });
    try {
      const config = await json<Record<string, string>>(await fetch(`${shellUrl}/config.json`), 'shell config.json');
      await page.route('**/config.json', (route) =>
        route.fulfill({ json: { ...config, supabaseUrl: backend.url }, headers: { 'Cache-Control': 'no-cache' } }),
      );
      await use({ url: backend.url, anonKey: config.supabaseAnonKey ?? app.state.anonKey });
    } finally {
      await backend.stop();
    }
  }, { timeout: 120_000 }],
});

export interface GigSeed {
  title: string;
  description?: string;
  payment_type: 'hourly' | 'fixed';
  rate: number;
  hours?: number;
  location: 'remote' | 'onsite' | 'hybrid';
  skills: string[];
}

/** Insert gigs as `user` through /rest/v1 (row-level security as for the form), oldest first. */
export async function seedGigs(backend: Backend, user: TestUser, gigs: GigSeed[]): Promise<void> {
  const { access_token } = await passwordSession(backend, user.email, user.password);
  for (const gig of gigs) {
    await json(
      await fetch(`${backend.url}/rest/v1/gigs`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${access_token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ description: `${gig.title}, posted by the e2e suite.`, hours: 8, ...gig, user_id: user.id }),
      }),
      `insert gig ${gig.title}`,
    );
  }
}

/** The Latest Gigs region and what a reader sees in it. */
export function latestGigs(page: Page) {
  const region = page.getByRole('region', { name: 'Latest Gigs' });
  return {
    region,
    filters: region.getByRole('search', { name: 'Filter gigs' }),
    cards: region.getByRole('article'),
    /** Card titles in the order shown. */
    titles: region.getByRole('article').getByRole('heading'),
  };
}

/** The Post Your Gig region. */
export const postGigForm = (page: Page): Locator => page.getByRole('region', { name: 'Post Your Gig' });

/** en-US short month, day, year ("Nov 22, 2026"), the rule of docs/product.md (what things hold), in `timeZone`. */
export const shortDate = (iso: string, timeZone: string): string =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });

/**
 * Helpers of the profile and campaign journeys: database reads with the service role (the only
 * way to see a visitor's payment: row-level security hides it from clients) and stubs of external
 * sites. Confirmed users and real sessions come from helpers/users.ts (re-exported here).
 */
import type { Page } from '@playwright/test';
import { json, type Backend } from '../../helpers/users';

export { createConfirmedUser, signIn, type Backend, type TestUser } from '../../helpers/users';

/** The public Supabase local-development service key (backend/src/config.ts DEV_SERVICE_ROLE_KEY). Dev only. */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** GET /rest/v1/<path> as the service role (bypasses row-level security). */
export async function serviceSelect<T = Record<string, unknown>>(backend: Backend, path: string): Promise<T[]> {
  return json<T[]>(
    await fetch(`${backend.url}/rest/v1/${path}`, { headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` } }),
    `select ${path}`,
  );
}

/** Stub external sites (no internet here) so a new tab can land on them and its URL be read. */
export async function stubExternalSites(page: Page): Promise<void> {
  for (const pattern of ['https://paypal.me/**', 'https://www.paypal.me/**', 'https://twitter.com/**', 'https://x.com/**']) {
    await page.context().route(pattern, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title>' }));
  }
}

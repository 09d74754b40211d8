/**
 * Helpers of the profile and campaign journeys: a confirmed user made through the real auth API and
 * the development mailbox, a real session seeded into the page, and database reads with the
 * service role (the only way to see a visitor's payment: row-level security hides it from clients).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

/** The public Supabase local-development service key (backend/src/config.ts DEV_SERVICE_ROLE_KEY). Dev only. */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export interface Backend {
  url: string;
  anonKey: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Sign up through /auth/v1/signup, then click the confirmation link from the dev mailbox. */
export async function createConfirmedUser(backend: Backend): Promise<TestUser> {
  const email = `e2e-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  await json(
    await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, data: { full_name: 'E2E Worker' } }),
    }),
    'signup',
  );
  let link: string | undefined;
  for (let i = 0; i < 40 && !link; i++) {
    const mails = await json<{ link?: string | null }[]>(await fetch(`${backend.url}/_dev/mailbox.json?to=${encodeURIComponent(email)}`), 'mailbox');
    link = mails.find((m) => m.link)?.link ?? undefined;
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  // The mail carries the backend's configured public URL; this run's backend is on another port.
  const verify = new URL(link);
  const base = new URL(backend.url);
  verify.protocol = base.protocol;
  verify.host = base.host;
  const confirm = await fetch(verify, { redirect: 'manual' });
  if (confirm.status >= 400) throw new Error(`confirmation link answered ${confirm.status}`);
  const session = await passwordSession(backend, email, password);
  return { id: session.user.id, email, password };
}

interface SessionJson {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  token_type: string;
  user: { id: string; email: string };
}

async function passwordSession(backend: Backend, email: string, password: string): Promise<SessionJson> {
  return json<SessionJson>(
    await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    'password sign-in',
  );
}

/**
 * Sign `user` in for real (a session from the backend's token endpoint) and put it where
 * supabase-js keeps it, before the page loads. The login form itself is mf-auth's journey.
 */
export async function signIn(page: Page, backend: Backend, user: TestUser): Promise<void> {
  const session = await passwordSession(backend, user.email, user.password);
  const stored = { ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in };
  const key = `sb-${new URL(backend.url).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(([k, v]) => window.localStorage.setItem(k, v), [key, JSON.stringify(stored)] as const);
}

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

/**
 * Real users of a real backend, for every area's journeys: sign up through /auth/v1, read the
 * confirmation link from the development mailbox, get a password session, and seed that session
 * where supabase-js keeps it so a page starts signed in.
 *
 *   const user = await createConfirmedUser(backend);   // confirmed, can log in
 *   await signIn(page, backend, user);                  // before app.goto()
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

export interface Backend {
  url: string;
  anonKey: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export interface SessionJson {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  token_type: string;
  user: { id: string; email: string };
}

export async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A fresh address and password nobody else in the run uses. */
export function newCredentials(): { email: string; password: string } {
  return { email: `e2e-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` };
}

/**
 * The newest confirmation link mailed to `email` (GET /_dev/mailbox.json?to=), pointed at this
 * backend: the mail carries the backend's configured public URL (API_EXTERNAL_URL), which a
 * backend started on a free port may not match.
 */
export async function confirmationLink(backend: Backend, email: string, timeoutMs = 10_000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await json<{ link?: string | null }[]>(await fetch(`${backend.url}/_dev/mailbox.json?to=${encodeURIComponent(email)}`), 'mailbox');
    const link = mails.find((m) => m.link)?.link;
    if (link) {
      const verify = new URL(link);
      const base = new URL(backend.url);
      verify.protocol = base.protocol;
      verify.host = base.host;
      return verify;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail for ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** POST /auth/v1/signup: an unconfirmed account; the confirmation mail goes to the dev mailbox. */
export async function requestSignup(backend: Backend, { email, password }: { email: string; password: string }): Promise<void> {
  await json(
    await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, data: { full_name: 'E2E Worker' } }),
    }),
    'signup',
  );
}

/** Sign up through /auth/v1/signup, then follow the confirmation link from the dev mailbox. */
export async function createConfirmedUser(backend: Backend): Promise<TestUser> {
  const { email, password } = newCredentials();
  await requestSignup(backend, { email, password });
  const confirm = await fetch(await confirmationLink(backend, email), { redirect: 'manual' });
  if (confirm.status >= 400) throw new Error(`confirmation link answered ${confirm.status}`);
  const session = await passwordSession(backend, email, password);
  return { id: session.user.id, email, password };
}

/** POST /auth/v1/token?grant_type=password: a session of `email`. */
export async function passwordSession(backend: Backend, email: string, password: string): Promise<SessionJson> {
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

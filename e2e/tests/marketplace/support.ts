/**
 * Helpers of the marketplace journeys: members with a name of their own (signed up and
 * confirmed through the dev mailbox), gigs and applications made over /rest/v1 as those members,
 * and the marketplace emails read from the dev mailbox.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEV_SERVICE_ROLE_KEY } from '../../../backend/src/config';
import { confirmationLink, json, newCredentials, passwordSession, type Backend, type TestUser } from '../../helpers/users';

export { expect, test } from '../../fixtures';

/** Sign up as `fullName` through /auth/v1 and follow the confirmation link from the mailbox. */
export async function createMember(backend: Backend, fullName: string): Promise<TestUser> {
  const { email, password } = newCredentials();
  await json(
    await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, data: { full_name: fullName } }),
    }),
    'signup',
  );
  const confirm = await fetch(await confirmationLink(backend, email), { redirect: 'manual' });
  if (confirm.status >= 400) throw new Error(`confirmation link answered ${confirm.status}`);
  const session = await passwordSession(backend, email, password);
  return { id: session.user.id, email, password };
}

async function asMember(backend: Backend, user: TestUser, path: string, body: unknown): Promise<unknown> {
  const { access_token } = await passwordSession(backend, user.email, user.password);
  return json(
    await fetch(`${backend.url}${path}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${access_token}`, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    }),
    `POST ${path}`,
  );
}

/** Write profile columns as the member themself (row-level security as for the form). */
export async function updateOwnProfile(backend: Backend, user: TestUser, fields: Record<string, unknown>): Promise<void> {
  const { access_token } = await passwordSession(backend, user.email, user.password);
  await json(
    await fetch(`${backend.url}/rest/v1/profiles?id=eq.${user.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${access_token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(fields),
    }),
    'update profile',
  );
}

/** Call the database function `fn` as `user` (what the page does, or what an operator console would). */
export const rpcAs = (backend: Backend, user: TestUser, fn: string, args: Record<string, unknown>) => asMember(backend, user, `/rest/v1/rpc/${fn}`, args);

/** Make `user` a Need40 operator: the role lives in app_metadata, which only the service role sets (admin API). */
export async function makeOperator(backend: Backend, user: TestUser): Promise<void> {
  await json(
    await fetch(`${backend.url}/auth/v1/admin/users/${user.id}`, {
      method: 'PUT',
      headers: { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_metadata: { role: 'operator' } }),
    }),
    'make operator',
  );
}

/** A unique title, so a journey finds its own gig in a run's shared grid. */
export const uniqueTitle = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

type GigTerms = { payment_type: 'hourly' | 'fixed'; rate: number; hours?: number };

/** A remote gig of `user`, hourly at $45 for 10 hours unless `terms` say otherwise. */
const gigRow = (user: TestUser, title: string, terms: GigTerms = { payment_type: 'hourly', rate: 45, hours: 10 }) => ({
  title,
  description: `${title}: a landing page with a contact form, posted by the e2e suite.`,
  ...terms,
  location: 'remote',
  skills: ['react', 'css'],
  user_id: user.id,
});

/** Post a remote gig as `user` (row-level security as for the form), hourly at $45 for 10 hours unless `terms` say otherwise; returns its id. */
export async function postGig(backend: Backend, user: TestUser, title: string, terms?: GigTerms): Promise<string> {
  const rows = (await asMember(backend, user, '/rest/v1/gigs', gigRow(user, title, terms))) as { id: string }[];
  return rows[0]!.id;
}

/** Post several gigs as `user` in one insert (one sign-in, one request): a poster with many gigs. */
export async function postGigs(backend: Backend, user: TestUser, titles: string[]): Promise<void> {
  await asMember(backend, user, '/rest/v1/gigs', titles.map((title) => gigRow(user, title)));
}

/** Apply as `user` through the apply_to_gig function (what the form calls). */
export async function applyAs(backend: Backend, user: TestUser, gigId: string, message: string): Promise<void> {
  await asMember(backend, user, '/rest/v1/rpc/apply_to_gig', { p_gig_id: gigId, p_message: message });
}

/** The id of the one application to `gigId`, read as its poster. */
export async function applicationOf(backend: Backend, poster: TestUser, gigId: string): Promise<string> {
  const { access_token } = await passwordSession(backend, poster.email, poster.password);
  const rows = await json<{ id: string }[]>(
    await fetch(`${backend.url}/rest/v1/applications?select=id&gig_id=eq.${gigId}`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${access_token}` } }),
    'applications',
  );
  return rows[0]!.id;
}

/** `user`'s applications as the database keeps them. */
export async function applicationsOf(backend: Backend, user: TestUser): Promise<{ status: string; decline_notice: string | null }[]> {
  const { access_token } = await passwordSession(backend, user.email, user.password);
  return json(
    await fetch(`${backend.url}/rest/v1/applications?select=status,decline_notice&worker_id=eq.${user.id}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${access_token}` },
    }),
    'applications',
  );
}

/** Wait until the dev mailbox holds a mail to `to` whose subject is `subject` (the deliverer runs every 2 s). */
export async function waitForMail(backend: Backend, to: string, subject: string, timeoutMs = 45_000): Promise<{ subject: string; text: string; link: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await json<{ subject: string; text: string; link: string }[]>(await fetch(`${backend.url}/_dev/mailbox.json?to=${encodeURIComponent(to)}`), 'mailbox');
    const mail = mails.find((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}; got ${JSON.stringify(mails.map((m) => m.subject))}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The gig page (the shell's section for `#gig/<id>`). */
export const gigPage = (page: Page) => page.locator('section#gig');
export const dashboard = (page: Page) => page.locator('section#dashboard');

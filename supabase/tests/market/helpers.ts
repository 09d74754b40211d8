/**
 * Helpers for the marketplace tests: a backend with a poster, two workers and a stranger, gigs
 * posted through /rest/v1, rpc calls through supabase-js that keep the HTTP status, and SQL as the
 * backend's own connection for looking behind the API.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { signJwt } from '../../src/security/jwt';
import { startTestBackend, type TestBackend } from '../harness';
import { client, createUser, type TestUser } from '../rest/helpers';

export interface Market {
  be: TestBackend;
  poster: TestUser;
  worker: TestUser;
  third: TestUser;
  stranger: TestUser;
}

export async function startMarket(env: Record<string, string> = {}): Promise<Market> {
  const be = await startTestBackend(env);
  return {
    be,
    poster: await createUser(be, 'poster@example.com', 'Pat Poster'),
    worker: await createUser(be, 'worker@example.com', 'Wendy Worker'),
    third: await createUser(be, 'third@example.com', 'Theo Third'),
    stranger: await createUser(be, 'stranger@example.com', 'Sam Stranger'),
  };
}

/**
 * The market of a test file: registers the hooks that start it before the file's tests and close
 * it after them; the returned object is filled in when the tests run.
 */
export function useMarket(env: Record<string, string> = {}): Market {
  const m = {} as Market;
  beforeAll(async () => {
    Object.assign(m, await startMarket(env));
  });
  afterAll(async () => {
    await m.be?.close();
  });
  return m;
}

/** What a refused rpc answers: the status, the SQLSTATE or app code, and the message (or a pattern of it). */
export const refusal = (status: number, code: string, message: string | RegExp) =>
  expect.objectContaining({ status, error: expect.objectContaining({ code, message: typeof message === 'string' ? message : expect.stringMatching(message) }) });

export interface Answer<T = unknown> {
  status: number;
  data: T;
  error: { code?: string; message?: string; details?: string | null } | null;
}

/** An rpc call as the user (or a visitor), with the HTTP status. */
export async function rpc<T = Record<string, unknown>>(be: TestBackend, user: TestUser | undefined, fn: string, args: Record<string, unknown>): Promise<Answer<T>> {
  const r = await client(be, user).rpc(fn, args);
  return { status: r.status, data: r.data as T, error: r.error };
}

export const as = (be: TestBackend, user?: TestUser): SupabaseClient => client(be, user);

const GIG = { title: 'Paint the fence', description: 'Two coats, white', payment_type: 'hourly', rate: 30, hours: 6, location: 'remote', skills: ['painting'] };

/** Post a gig through /rest/v1 as `user`; returns its id. */
export async function postGig(be: TestBackend, user: TestUser, over: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await as(be, user).from('gigs').insert({ ...GIG, user_id: user.id, ...over }).select('id').single();
  if (error) throw new Error(`posting a gig failed: ${error.message}`);
  return (data as { id: string }).id;
}

/** Apply as `worker`; returns the application id (throws on refusal). */
export async function apply(be: TestBackend, worker: TestUser, gigId: string, message = 'I would love to help.'): Promise<string> {
  const a = await rpc<{ id: string }>(be, worker, 'apply_to_gig', { p_gig_id: gigId, p_message: message });
  if (a.error) throw new Error(`apply failed: ${a.error.message}`);
  return a.data.id;
}

export async function sql<T = Record<string, unknown>>(be: TestBackend, text: string, params: unknown[] = []): Promise<T[]> {
  return be.db.transaction(async (tx) => (await tx.query<T>(text, params)).rows);
}

/** As if every recipient's last email were long ago: the digest window is over (see mail-limits.test.ts). */
export const digestWindowOver = (be: TestBackend) => sql(be, "update private.notification_recipients set last_email_at = now() - interval '1 hour'");

/**
 * As if a poster's Accept or Decline were more than its undo window ago, for what they hold: the
 * emails are due and the bell rows shown (what the deliverers' next claim does once the window has
 * passed). The decision itself stays undoable by its age (tests move its events for that).
 */
export async function undoWindowOver(be: TestBackend): Promise<void> {
  await sql(be, "update private.notification_outbox set deliver_after = now() where delivered_at is null and deliver_after > now() and kind in ('application_accepted', 'application_declined')");
  await sql(be, "update public.notifications set held_until = now() where held_until is not null");
  await sql(be, 'select private.release_held_notifications()');
}

/** A token for `user` at the given assurance level. */
export async function tokenWithAal(be: TestBackend, user: TestUser, aal: 'aal1' | 'aal2'): Promise<TestUser> {
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({ sub: user.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, email: user.email, session_id: randomUUID(), aal }, be.config.JWT_SECRET);
  return { ...user, token };
}

/** Give `user` a verified TOTP factor (straight in the database). */
export async function enrolVerifiedFactor(be: TestBackend, user: TestUser): Promise<void> {
  await sql(be, "insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret) values ($1, 'phone', 'totp', 'verified', 'JBSWY3DPEHPK3PXP')", [user.id]);
}

/** One round of the app server's `notifications` job: the outbox due now, as emails. Resolves to how many were sent (a digest counts once). */
export const deliverNotifications = (be: TestBackend) => be.app.jobs.get('notifications')!.runOnce() as Promise<number>;

/**
 * Helpers for the marketplace tests: a backend with a poster, two workers and a stranger, the
 * notification windows moved by SQL, tokens at an assurance level, and one round of the app
 * server's deliverer; gigs, applications, rpc calls with their HTTP status and SQL behind the API
 * come from the backend's test helpers (re-exported here).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { signJwt } from 'backend/src/security/jwt';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { createUser, sql, type TestUser } from 'backend/test/rest/helpers';

// The platform's suites post gigs and call functions too (the test database carries the app's
// migrations), so these live beside the harness; the app's tests take them from here.
export { apply, as, postGig, refusal, rpc, sql, type Answer } from 'backend/test/rest/helpers';

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

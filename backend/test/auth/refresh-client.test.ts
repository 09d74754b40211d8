/** supabase-js keeps a short-lived session alive by itself (auto refresh), and survives getSession/getUser. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, makeClient, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  // 10 s is below the client's 90 s expiry margin: it refreshes on its first tick. The sign-up
  // limit is counted in fixed windows; a day-long one keeps this file's sign-ups in one window
  // however slowly a loaded machine runs it (a 5-minute one was crossed now and then).
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', JWT_EXPIRY: '10', RATE_LIMIT_SIGN_UP_PER_IP: '3', RATE_LIMIT_WINDOW: String(24 * 3600) });
});
afterAll(async () => {
  await be?.close();
});

describe('client-driven refresh', () => {
  it('refreshes by itself (TOKEN_REFRESHED) and the new token works', async () => {
    const client = makeClient(be, { autoRefreshToken: true });
    const email = uniqueEmail('auto-refresh').toLowerCase();
    const { data } = await client.auth.signUp({ email, password: 'secret123' });
    expect(data.session?.expires_in).toBe(10);
    const first = data.session!;
    const refreshed = new Promise<string>((resolve) => {
      client.auth.onAuthStateChange((event, session) => {
        if (event === 'TOKEN_REFRESHED' && session) resolve(session.refresh_token);
      });
    });
    await client.auth.startAutoRefresh();
    const token = await Promise.race([refreshed, new Promise<string>((_, reject) => setTimeout(() => reject(new Error('no refresh within 8 s')), 8000))]);
    await client.auth.stopAutoRefresh();
    expect(token).not.toBe(first.refresh_token);
    const { data: u, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(u.user?.email).toBe(email);
    // The first refresh token has been rotated away (getUser may have refreshed again: the token
    // is always inside the client's margin). Inside the reuse window it answers the current child.
    const current = (await client.auth.getSession()).data.session!.refresh_token;
    const stale = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: first.refresh_token });
    expect(stale.status).toBe(200);
    expect([current, token]).toContain(stale.body.refresh_token);
  });

  it('a session dropped on the server is dropped by the client (session_not_found → SIGNED_OUT)', async () => {
    const client = makeClient(be);
    const email = uniqueEmail('dropped').toLowerCase();
    const { data } = await client.auth.signUp({ email, password: 'secret123' });
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    await be.db.transaction((tx) => tx.query('delete from auth.sessions where user_id = $1', [data.user!.id]));
    const { error } = await client.auth.getUser();
    expect(error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toContain('SIGNED_OUT');
  });

  it('sign-ups per IP are rate limited → 429 over_request_rate_limit', async () => {
    const statuses: Array<number | string> = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(be, 'POST', '/signup', { email: uniqueEmail('flood'), password: 'secret123' });
      statuses.push(res.status === 429 ? String(res.body.error_code) : res.status);
    }
    // Two sign-ups happened above in this file; the third overall is the limit.
    expect(statuses).toContain('over_request_rate_limit');
    const { error } = await makeClient(be).auth.signUp({ email: uniqueEmail('flood2'), password: 'secret123' });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
  });
});

/**
 * Two backend instances on one database (PostgreSQL when TEST_DATABASE_URL is set, as CI and the
 * issue require; otherwise one PGlite): tokens issued by one are honoured by the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types';
import { openTestDatabase, startTestBackend, testDbKind, type TestBackend } from '../harness';
import { call, makeClient, uniqueEmail } from './helpers';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : testDbKind();
let db: Database;
let a: TestBackend;
let b: TestBackend;

beforeAll(async () => {
  db = await openTestDatabase(kind);
  a = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' }, db);
  b = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' }, db);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
});

describe(`two instances on one ${kind} database`, () => {
  it('a session begun on one is refreshed and used on the other', async () => {
    const email = uniqueEmail('two').toLowerCase();
    const onA = await call(a, 'POST', '/signup', { email, password: 'secret123' });
    expect(onA.status).toBe(200);
    const refreshed = await call(b, 'POST', '/token?grant_type=refresh_token', { refresh_token: onA.body.refresh_token });
    expect(refreshed.status).toBe(200);
    const user = await call(a, 'GET', '/user', undefined, String(refreshed.body.access_token));
    expect(user.body.email).toBe(email);
    // supabase-js on B picks up A's session by refresh token.
    const client = makeClient(b);
    const { data, error } = await client.auth.refreshSession({ refresh_token: String(refreshed.body.refresh_token) });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('a logout on one is honoured by the other', async () => {
    const email = uniqueEmail('two-out').toLowerCase();
    const s = await call(a, 'POST', '/signup', { email, password: 'secret123' });
    const token = String(s.body.access_token);
    expect((await call(b, 'GET', '/user', undefined, token)).status).toBe(200);
    expect((await call(b, 'POST', '/logout', undefined, token)).status).toBe(204);
    const after = await call(a, 'GET', '/user', undefined, token);
    expect(after).toMatchObject({ status: 403, body: { error_code: 'session_not_found' } });
    const refresh = await call(a, 'POST', '/token?grant_type=refresh_token', { refresh_token: s.body.refresh_token });
    expect(refresh.body.error_code).toBe('refresh_token_not_found');
  });

  it('concurrent refreshes of one token on both instances agree on one child', async () => {
    const email = uniqueEmail('two-race').toLowerCase();
    const s = await call(a, 'POST', '/signup', { email, password: 'secret123' });
    const [x, y] = await Promise.all([
      call(a, 'POST', '/token?grant_type=refresh_token', { refresh_token: s.body.refresh_token }),
      call(b, 'POST', '/token?grant_type=refresh_token', { refresh_token: s.body.refresh_token }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.refresh_token).toBe(y.body.refresh_token);
  });
});

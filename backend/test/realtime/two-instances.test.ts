/**
 * Two backend instances on one database (PostgreSQL when TEST_DATABASE_URL is set; otherwise one
 * PGlite shared in-process): a change written through A reaches a subscriber on B, and broadcast
 * and presence cross between clients connected to different instances (NOTIFY on PostgreSQL), a
 * REST broadcast too, with private and public channels of one name kept apart.
 * Then a restart: B goes away and comes back, and the client rejoins by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types';
import { openTestDatabase, startTestBackend, testDbKind, type TestBackend } from '../harness';
import { createUser, rest, type TestUser } from '../rest/helpers';
import { closeAll, Inbox, rtClient, subscribed, type RtClient } from './helpers';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : testDbKind();
let db: Database;
let a: TestBackend;
let b: TestBackend;
let user: TestUser;
const clients: RtClient[] = [];
const open = async (be: TestBackend, token?: string) => {
  const c = await rtClient(be, token);
  clients.push(c);
  return c.sb;
};

beforeAll(async () => {
  db = await openTestDatabase(kind);
  a = await startTestBackend({}, db);
  b = await startTestBackend({}, db);
  user = await createUser(a, `rt-two-${Date.now()}@example.com`);
});
afterAll(async () => {
  await closeAll(clients);
  await a?.close();
  await b?.close();
  await db?.close();
});

describe(`realtime across two instances on one ${kind} database`, () => {
  it('a gig posted through A reaches a subscriber on B; a payment reaches only its owner on B', async () => {
    const gigs = new Inbox<{ new: { title: string } }>();
    const pays = new Inbox<{ new: { user_id: string } }>();
    await subscribed((await open(b)).channel('grid').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gigs' }, (p) => gigs.push(p as never)));
    await subscribed((await open(b, user.token)).channel('mine').on('postgres_changes', { event: '*', schema: 'public', table: 'payments', filter: `user_id=eq.${user.id}` }, (p) => pays.push(p as never)));
    const res = await rest(a, '/gigs', { method: 'POST', token: user.token, body: JSON.stringify({ title: 'Across instances', description: 'd', rate: 20, hours: 1, location: 'remote' }) });
    expect(res.status).toBe(201);
    expect((await gigs.count(1))[0]!.new.title).toBe('Across instances');
    const pay = await rest(a, '/payments', { method: 'POST', token: user.token, body: JSON.stringify({ amount: 600, status: 'pending', payment_method: 'paypal', user_id: user.id }) });
    expect(pay.status).toBe(201);
    expect((await pays.count(1))[0]!.new.user_id).toBe(user.id);
  });

  it.skipIf(kind !== 'postgres')('a REST broadcast through A reaches a private channel on B, never its public twin', async () => {
    const priv = new Inbox<{ payload: unknown }>();
    const pub = new Inbox<unknown>();
    await subscribed((await open(b, b.config.SERVICE_ROLE_KEY)).channel('ops', { config: { private: true } }).on('broadcast', { event: 'note' }, (m) => priv.push(m as never)));
    await subscribed((await open(b)).channel('ops').on('broadcast', { event: 'note' }, (m) => pub.push(m)));
    const res = await fetch(`${a.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: a.config.SERVICE_ROLE_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'ops', event: 'note', payload: { n: 1 }, private: true }, { topic: 'ops', event: 'note', payload: { n: 2 } }] }),
    });
    expect(res.status).toBe(202);
    expect((await priv.count(1))[0]!.payload).toEqual({ n: 1 });
    expect((await pub.count(1))[0]).toMatchObject({ payload: { n: 2 } });
    expect(priv.items).toHaveLength(1);
  });

  // On PGlite only one process owns the database, so there is no bus between instances to test.
  it.skipIf(kind !== 'postgres')('broadcast and presence cross instances', async () => {
    const onB = new Inbox<{ payload: unknown }>();
    const syncB = new Inbox<string[]>();
    const chA = (await open(a)).channel('thread-x', { config: { presence: { key: 'ann' } } });
    await subscribed(chA.on('presence', { event: 'sync' }, () => undefined));
    const chB = (await open(b)).channel('thread-x', { config: { presence: { key: 'bob' } } });
    chB.on('broadcast', { event: 'typing' }, (m) => onB.push(m as never)).on('presence', { event: 'sync' }, () => syncB.push(Object.keys(chB.presenceState())));
    await subscribed(chB);
    await chA.send({ type: 'broadcast', event: 'typing', payload: { from: 'A' } });
    expect((await onB.count(1))[0]!.payload).toEqual({ from: 'A' });
    await chA.track({ online: true });
    await syncB.until((all) => all.some((keys) => keys.includes('ann')));
    await chA.untrack();
    await syncB.until((all) => !all.at(-1)!.includes('ann'));
  });

  it('after B restarts, its client rejoins by itself and receives changes again', async () => {
    const port = Number(new URL(b.url).port);
    const got = new Inbox<{ new: { title: string } }>();
    const statuses = new Inbox<string>();
    const sb = await open(b);
    sb.channel('after-restart').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gigs' }, (p) => got.push(p as never)).subscribe((s) => statuses.push(s));
    await statuses.until((s) => s.includes('SUBSCRIBED'));
    await b.close();
    b = await startTestBackend({ PORT: String(port) }, db);
    // realtime-js reconnects (1 s, 2 s, …) and rejoins; SUBSCRIBED is reported again.
    await statuses.until((s) => s.filter((x) => x === 'SUBSCRIBED').length >= 2, 20_000);
    await rest(a, '/gigs', { method: 'POST', token: user.token, body: JSON.stringify({ title: 'After restart', description: 'd', rate: 20, hours: 1, location: 'remote' }) });
    expect((await got.until((items) => items.some((g) => g.new.title === 'After restart'))).length).toBeGreaterThan(0);
  }, 40_000);
});

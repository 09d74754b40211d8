/**
 * The change listener's connection is lost (PostgreSQL only: PGlite notifies in-process). Changes
 * committed while it is down are never notified, so each channel with postgres_changes bindings
 * hears its bindings' `system` report again once the listener is back, as Realtime reports a
 * renewed subscription: the client's cue to re-read. Changes flow again afterwards.
 */
import { describe, expect, it } from 'vitest';
import { testDbKind, type TestBackend } from '../harness';
import { createUser, rest, type TestUser } from '../rest/helpers';
import { Inbox, settle, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
let user: TestUser;
const open = realtimeBackend(async (started) => {
  be = started;
  user = await createUser(be, `rt-reconnect-${Date.now()}@example.com`);
});
type System = { extension: string; status: string; message: string; channel: string };

const dropListener = async () => {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<{ n: number }>(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
                              where datname = current_database() and query = 'LISTEN "need40_realtime"'`),
  );
  return rows[0]!.n;
};

describe.skipIf(testDbKind() !== 'postgres')('postgres_changes when the change listener reconnects', () => {
  it('subscribed channels hear their report again (ok or error), others hear nothing, and changes flow again', async () => {
    const ok = new Inbox<System>();
    const bad = new Inbox<System>();
    const quiet = new Inbox<System>();
    const changes = new Inbox<{ new: { id: string } }>();
    const { sb } = await open();
    await subscribed(sb.channel('rc-ok').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gigs' }, (p) => changes.push(p as never)).on('system', {}, (p) => ok.push(p as never)));
    await subscribed(sb.channel('rc-bad').on('postgres_changes', { event: '*', schema: 'public', table: 'profiles' }, () => undefined).on('system', {}, (p) => bad.push(p as never)));
    await subscribed(sb.channel('rc-quiet').on('broadcast', { event: 'x' }, () => undefined).on('system', {}, (p) => quiet.push(p as never)));
    await ok.count(1);
    await bad.count(1);

    expect(await dropListener()).toBe(1);
    const [, again] = await ok.count(2);
    expect(again).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'rc-ok' });
    const [first, badAgain] = await bad.count(2);
    expect(badAgain).toEqual(first);
    expect(badAgain!.status).toBe('error');

    const res = await rest(be, '/gigs', {
      method: 'POST',
      token: user.token,
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ title: 'After the gap', description: 'One hour', payment_type: 'hourly', rate: 20, hours: 1, location: 'remote' }),
    });
    expect(res.status).toBe(201);
    const [gig] = (await res.json()) as { id: string }[];
    expect((await changes.count(1))[0]!.new.id).toBe(gig!.id);
    await settle();
    expect(quiet.items).toEqual([]);
  });
});

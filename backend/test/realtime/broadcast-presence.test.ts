/**
 * Broadcast and presence between two real supabase-js clients (e.g. "typing…" and "online" in a
 * message thread): self and ack options, binary payloads, track / untrack, a leaving client.
 */
import { describe, expect, it } from 'vitest';
import { Inbox, settle, subscribed } from './helpers';
import { realtimeBackend } from './suite';

const connect = realtimeBackend(() => undefined);
const open = async () => (await connect()).sb;

describe('broadcast', () => {
  it('reaches the other client of the topic, not the sender (self: false) nor another topic', async () => {
    const toB = new Inbox<{ event: string; payload: unknown }>();
    const toA = new Inbox<unknown>();
    const elsewhere = new Inbox<unknown>();
    const a = await subscribed((await open()).channel('thread-1').on('broadcast', { event: 'typing' }, (m) => toA.push(m)));
    await subscribed((await open()).channel('thread-1').on('broadcast', { event: 'typing' }, (m) => toB.push(m as never)));
    await subscribed((await open()).channel('thread-2').on('broadcast', { event: 'typing' }, (m) => elsewhere.push(m)));
    expect(await a.send({ type: 'broadcast', event: 'typing', payload: { user: 'ann', text: 'héllo ✓' } })).toBe('ok');
    const [got] = await toB.count(1);
    expect(got).toMatchObject({ type: 'broadcast', event: 'typing', payload: { user: 'ann', text: 'héllo ✓' } });
    await settle();
    expect(toA.items).toHaveLength(0);
    expect(elsewhere.items).toHaveLength(0);
  });

  it('self: true echoes to the sender; ack: true waits for the server', async () => {
    const echo = new Inbox<{ payload: unknown }>();
    const channel = (await open()).channel('echo-room', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'ping' }, (m) => echo.push(m as never));
    await subscribed(channel);
    expect(await channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    expect((await echo.count(1))[0]).toMatchObject({ payload: { n: 1 } });
  });

  it('binary payloads arrive as bytes', async () => {
    const got = new Inbox<{ payload: ArrayBuffer }>();
    const a = await subscribed((await open()).channel('bytes'));
    await subscribed((await open()).channel('bytes').on('broadcast', { event: 'blob' }, (m) => got.push(m as never)));
    await a.send({ type: 'broadcast', event: 'blob', payload: new Uint8Array([1, 2, 250]).buffer });
    const [m] = await got.count(1);
    expect([...new Uint8Array(m!.payload)]).toEqual([1, 2, 250]);
  });
});

describe('presence', () => {
  it('track, sync, join and leave between two clients', async () => {
    const syncsB = new Inbox<Record<string, unknown[]>>();
    const joinsB = new Inbox<{ key: string }>();
    const leavesB = new Inbox<{ key: string }>();
    const a = (await open()).channel('online', { config: { presence: { key: 'ann' } } });
    await subscribed(a.on('presence', { event: 'sync' }, () => undefined));
    expect(await a.track({ status: 'typing' })).toBe('ok');

    const b = (await open()).channel('online', { config: { presence: { key: 'bob' } } });
    b.on('presence', { event: 'sync' }, () => syncsB.push(b.presenceState()))
      .on('presence', { event: 'join' }, (p) => joinsB.push(p as never))
      .on('presence', { event: 'leave' }, (p) => leavesB.push(p as never));
    await subscribed(b);
    const [state] = await syncsB.count(1);
    expect(Object.keys(state!)).toEqual(['ann']);
    expect(state!.ann).toEqual([expect.objectContaining({ status: 'typing', presence_ref: expect.any(String) })]);

    await b.track({ status: 'online' });
    await syncsB.until((all) => Object.keys(all.at(-1)!).sort().join() === 'ann,bob');
    expect(await a.untrack()).toBe('ok');
    await leavesB.until((l) => l.some((x) => x.key === 'ann'));
    expect(Object.keys(b.presenceState())).toEqual(['bob']);

    await a.track({ status: 'back' });
    await joinsB.until((j) => j.filter((x) => x.key === 'ann').length >= 2);
    await a.unsubscribe();
    await leavesB.until((l) => l.filter((x) => x.key === 'ann').length >= 2);
    expect(Object.keys(b.presenceState())).toEqual(['bob']);
  });
});

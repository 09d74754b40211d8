/**
 * The Phoenix protocol by hand, for what supabase-js never sends: heartbeats, unmatched topics,
 * vsn 1.0.0 object frames, a rejoin of the same topic, the channel limit, and frames that are not
 * Phoenix messages or too large (the socket is closed cleanly and the server keeps serving).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES } from '../../src/realtime/limits';
import { startTestBackend, type TestBackend } from '../harness';
import { rawSocket } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ REALTIME_MAX_CHANNELS_PER_SOCKET: '3' });
});
afterAll(async () => {
  await be?.close();
});

type Msg = [string | null, string | null, string, string, { status?: string; response?: Record<string, unknown> } & Record<string, unknown>];
const join = (topic: string, ref: string, config: Record<string, unknown> = {}) => JSON.stringify([ref, ref, topic, 'phx_join', { config }]);
const replyTo = (ref: string) => (items: unknown[]) => items.some((m) => (m as Msg)[1] === ref && (m as Msg)[3] === 'phx_reply');
const find = (items: unknown[], ref: string) => items.find((m) => (m as Msg)[1] === ref && (m as Msg)[3] === 'phx_reply') as Msg;

describe('Phoenix frames', () => {
  it('answers heartbeats, replies to joins and leaves, and says "unmatched topic" for a topic not joined', async () => {
    const { ws, inbox } = await rawSocket(be);
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    await inbox.until(replyTo('1'));
    expect(find(inbox.items, '1')).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    ws.send(JSON.stringify([null, '2', 'realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]));
    await inbox.until(replyTo('2'));
    expect(find(inbox.items, '2')[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    ws.send(join('not-realtime', '3'));
    await inbox.until(replyTo('3'));
    expect(find(inbox.items, '3')[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    ws.send(join('realtime:room', '4'));
    await inbox.until(replyTo('4'));
    expect(find(inbox.items, '4')).toEqual(['4', '4', 'realtime:room', 'phx_reply', { status: 'ok', response: {} }]);
    ws.send(JSON.stringify(['4', '5', 'realtime:room', 'phx_leave', {}]));
    await inbox.until(replyTo('5'));
    expect(find(inbox.items, '5')[4]).toEqual({ status: 'ok', response: {} });
    ws.close();
  });

  it('speaks vsn 1.0.0 object frames', async () => {
    const { ws, inbox } = await rawSocket(be, `apikey=${be.config.ANON_KEY}&vsn=1.0.0`);
    ws.send(JSON.stringify({ topic: 'realtime:v1', event: 'phx_join', payload: { config: {} }, ref: '1', join_ref: '1' }));
    await inbox.until((items) => items.length > 0);
    expect(inbox.items[0]).toEqual({ join_ref: '1', ref: '1', topic: 'realtime:v1', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    ws.close();
  });

  it('a second join of a joined topic closes the first (phx_close) and joins again', async () => {
    const { ws, inbox } = await rawSocket(be);
    ws.send(join('realtime:twice', '1'));
    await inbox.until(replyTo('1'));
    ws.send(join('realtime:twice', '2'));
    await inbox.until(replyTo('2'));
    expect(inbox.items).toContainEqual(['1', '1', 'realtime:twice', 'phx_close', {}]);
    expect(find(inbox.items, '2')[4]).toEqual({ status: 'ok', response: {} });
    ws.close();
  });

  it('refuses a join past the channel limit with "ChannelRateLimitReached: Too many channels" and a join payload of the wrong shape', async () => {
    const { ws, inbox } = await rawSocket(be);
    for (const i of [1, 2, 3, 4]) ws.send(join(`realtime:limit-${i}`, String(i)));
    // Every join answered first: joins are handled concurrently, and a topic still joining is not
    // yet "already joined" (under load, join 1 could still be pending when the 5th frame arrives).
    await inbox.until((items) => ['1', '2', '3', '4'].every((ref) => replyTo(ref)(items)));
    expect(find(inbox.items, '3')[4].status).toBe('ok');
    expect(find(inbox.items, '4')[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    ws.send(JSON.stringify(['5', '5', 'realtime:limit-1', 'phx_join', { config: { postgres_changes: 'all' } }]));
    await inbox.until(replyTo('5'));
    expect(find(inbox.items, '5')[4]).toEqual({ status: 'error', response: { reason: 'Invalid join payload' } });
    ws.close();
  });

  it('closes the socket (1007) on a frame that is not a Phoenix message, 1009 on one over the size limit', async () => {
    for (const bad of ['not json', '{"an":"object"}', '[1,2,3]', '[null,null,5,"x",{}]', '[null,"1","t","e","payload"]']) {
      const { ws, closed } = await rawSocket(be);
      ws.send(bad);
      expect(await closed).toBe(1007);
    }
    const binary = await rawSocket(be);
    binary.ws.send(Buffer.from([9, 0, 0, 0]));
    expect(await binary.closed).toBe(1007);
    const big = await rawSocket(be);
    big.ws.send('x'.repeat(MAX_FRAME_BYTES + 1));
    expect(await big.closed).toBe(1009);
    // Still serving.
    const { ws, inbox } = await rawSocket(be);
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    await inbox.until(replyTo('1'));
    ws.close();
  });
});

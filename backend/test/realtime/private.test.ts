/**
 * Private channels as Supabase does them, through the real supabase-js: `config.private: true`,
 * authorised by row-level security on realtime.messages for realtime.topic(). Reading (joining,
 * receiving) and writing (broadcast, presence) are checked separately; a private channel never
 * hears the public channel of the same name; a refreshed token is authorised again.
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import type { TestUser } from '../rest/helpers';
import { Inbox, settle, subscribed } from './helpers';
import { realtimeBackend, roomMembers } from './suite';

let be: TestBackend;
let ann: TestUser;
let bob: TestUser;
const open = realtimeBackend(async (started) => ({ ann, bob } = await roomMembers((be = started), 'rt-private')));
const priv = (extra: Record<string, unknown> = {}) => ({ config: { private: true, ...extra } });
const refusal = (topic: string) => `CHANNEL_ERROR: Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

describe('joining a private channel', () => {
  it('is allowed when a policy lets the identity select the topic, refused with Realtime\'s reason otherwise', async () => {
    await subscribed((await open(ann.token)).sb.channel(`room:${ann.id}`, priv()));
    await subscribed((await open(bob.token)).sb.channel('lobby', priv()));
    await expect(subscribed((await open(bob.token)).sb.channel(`room:${ann.id}`, priv()))).rejects.toThrow(refusal(`room:${ann.id}`));
    await expect(subscribed((await open()).sb.channel('lobby', priv()))).rejects.toThrow(refusal('lobby'));
    // A policy that fails denies; the server keeps serving.
    await expect(subscribed((await open(ann.token)).sb.channel('broken', priv()))).rejects.toThrow(refusal('broken'));
    await subscribed((await open(be.config.SERVICE_ROLE_KEY)).sb.channel('broken', priv()));
  });

  it('the same name without private stays a public channel anyone may join', async () => {
    await subscribed((await open()).sb.channel(`room:${ann.id}`));
  });
});

describe('broadcast on a private channel', () => {
  it('goes out when the sender may insert for the topic; is dropped when it may not; never reaches the public twin', async () => {
    const inLobby = new Inbox<{ payload: unknown }>();
    const inPublicLobby = new Inbox<unknown>();
    await subscribed((await open(ann.token)).sb.channel('lobby', priv()).on('broadcast', { event: 'say' }, (m) => inLobby.push(m as never)));
    await subscribed((await open()).sb.channel('lobby').on('broadcast', { event: 'say' }, (m) => inPublicLobby.push(m)));
    const bobLobby = await subscribed((await open(bob.token)).sb.channel('lobby', priv()));
    const service = await subscribed((await open(be.config.SERVICE_ROLE_KEY)).sb.channel('lobby', priv()));

    expect(await bobLobby.send({ type: 'broadcast', event: 'say', payload: { from: 'bob' } })).toBe('ok');
    expect(await service.send({ type: 'broadcast', event: 'say', payload: { from: 'service' } })).toBe('ok');
    await inLobby.count(1);
    await settle();
    expect(inLobby.items.map((m) => m.payload)).toEqual([{ from: 'service' }]);
    expect(inPublicLobby.items).toHaveLength(0);
  });

  it('presence and self-broadcast work in a room the user may write', async () => {
    const echo = new Inbox<{ payload: unknown }>();
    const sync = new Inbox<string[]>();
    const { sb } = await open(ann.token);
    const room = sb.channel(`room:${ann.id}`, priv({ broadcast: { self: true }, presence: { key: 'ann' } }));
    room.on('broadcast', { event: 'ping' }, (m) => echo.push(m as never)).on('presence', { event: 'sync' }, () => sync.push(Object.keys(room.presenceState())));
    await subscribed(room);
    expect(await room.track({ online: true })).toBe('ok');
    await sync.until((s) => s.some((keys) => keys.includes('ann')));
    expect(await room.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    expect((await echo.count(1))[0]!.payload).toEqual({ n: 1 });
  });
});

describe('token refresh on a private channel', () => {
  it('is authorised again: a token that may no longer read the topic closes the channel with Realtime\'s reason', async () => {
    const system = new Inbox<{ status: string; message: string }>();
    const statuses = new Inbox<string>();
    const c = await open(ann.token);
    c.sb.channel(`room:${ann.id}`, priv()).on('system', {}, (p) => system.push(p as never)).subscribe((s) => statuses.push(s));
    await statuses.until((s) => s.includes('SUBSCRIBED'));
    c.token.current = bob.token;
    await c.sb.realtime.setAuth();
    await statuses.until((s) => s.includes('CLOSED'));
    expect(system.items.at(-1)).toMatchObject({ status: 'error', message: `Unauthorized: You do not have permissions to read from this Channel topic: room:${ann.id}` });
  });
});

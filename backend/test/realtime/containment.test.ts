/**
 * Hostile payloads are refused before anything is stored, and one connection's failure stays its
 * own. A presence meta nested 100,000 levels deep (~200 KB, under the frame limit) used to be
 * stored; serialising its leave diff later overflowed the stack inside the socket's close listener
 * and the whole process exited. The same payload through the REST broadcast answered 500.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/http/limits';
import type { TestBackend } from '../harness';
import { Inbox, rawSocket, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
const open = realtimeBackend(async (started) => {
  be = started;
  await be.db.transaction((tx) => tx.exec(`
    create table public.rt_probe (id int primary key);
    grant select on public.rt_probe to anon;
    alter publication supabase_realtime add table public.rt_probe;
    select need40_realtime.sync_triggers();`));
});

type Msg = [string | null, string | null, string, string, Record<string, unknown>];
/** `{"deep": [[[…]]]}`: two bytes a level, so 100,000 levels fit in one 256 KiB frame. */
const deepText = (levels: number) => `{"deep":${'['.repeat(levels)}${']'.repeat(levels)}}`;
const frame = (joinRef: string, ref: string, topic: string, event: string, payloadText: string) =>
  `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadText}]`;
const replyTo = (ref: string) => (items: unknown[]) => items.some((m) => (m as Msg)[1] === ref && (m as Msg)[3] === 'phx_reply');
const heartbeat = async (socket: Awaited<ReturnType<typeof rawSocket>>) => {
  socket.ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
  await socket.inbox.until(replyTo('hb'));
};
const presenceJoin = (topic: string, key: string) =>
  JSON.stringify(['1', '1', topic, 'phx_join', { config: { presence: { key, enabled: true } } }]);

describe('a presence meta nested 100,000 levels deep', () => {
  it('is refused before it is stored: the socket is closed (1007), the other member never hears it, the process keeps serving', async () => {
    const topic = 'realtime:deep-presence';
    const watcher = await rawSocket(be);
    watcher.ws.send(presenceJoin(topic, 'watcher'));
    await watcher.inbox.until(replyTo('1'));
    const attacker = await rawSocket(be);
    attacker.ws.send(presenceJoin(topic, 'attacker'));
    await attacker.inbox.until(replyTo('1'));
    attacker.ws.send(frame('1', '2', topic, 'presence', `{"type":"presence","event":"track","payload":${deepText(100_000)}}`));
    // Whatever the answer, the attacker then leaves: its close listener is where the process died.
    const answered = attacker.inbox.until(replyTo('2')).then(() => attacker.ws.close(), () => undefined);
    const code = await attacker.closed;
    void answered;
    // A meta just within the bound is tracked and heard.
    const fine = await rawSocket(be);
    fine.ws.send(presenceJoin(topic, 'fine'));
    await fine.inbox.until(replyTo('1'));
    fine.ws.send(frame('1', '2', topic, 'presence', `{"type":"presence","event":"track","payload":${deepText(LIMITS.bodyNesting - 8)}}`));
    await fine.inbox.until(replyTo('2'));
    fine.ws.close();
    await fine.closed;
    await watcher.inbox.until((items) => items.some((m) => (m as Msg)[3] === 'presence_diff' && 'fine' in ((m as Msg)[4].leaves as object)));
    const diffs = watcher.inbox.items.filter((m) => (m as Msg)[3] === 'presence_diff');
    expect(JSON.stringify(diffs)).not.toContain('attacker');
    await heartbeat(watcher);
    expect((await fetch(`${be.url}/health`)).status).toBe(200);
    expect(code).toBe(1007);
    watcher.ws.close();
  });

  it('deep broadcasts and join payloads close the socket the same way; the sender\'s peers keep their sockets', async () => {
    const topic = 'realtime:deep-broadcast';
    const peer = await rawSocket(be);
    peer.ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: {} }]));
    await peer.inbox.until(replyTo('1'));
    const sender = await rawSocket(be);
    sender.ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: { broadcast: { self: true } } }]));
    await sender.inbox.until(replyTo('1'));
    sender.ws.send(frame('1', '2', topic, 'broadcast', `{"type":"broadcast","event":"x","payload":${deepText(100_000)}}`));
    expect(await sender.closed).toBe(1007);
    const joiner = await rawSocket(be);
    joiner.ws.send(frame('1', '1', 'realtime:deep-join', 'phx_join', `{"config":${deepText(100_000)}}`));
    expect(await joiner.closed).toBe(1007);
    await heartbeat(peer);
    expect(peer.inbox.items.some((m) => (m as Msg)[3] === 'broadcast')).toBe(false);
    peer.ws.close();
  });
});

describe('the REST broadcast', () => {
  it('answers 400 to a payload nested too deeply, in the batch and in httpSend, and keeps serving', async () => {
    const listener = await rawSocket(be);
    listener.ws.send(JSON.stringify(['1', '1', 'realtime:t', 'phx_join', { config: {} }]));
    await listener.inbox.until(replyTo('1'));
    const headers = { apikey: be.config.ANON_KEY, 'content-type': 'application/json' };
    const batch = await fetch(`${be.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers,
      body: `{"messages":[{"topic":"t","event":"e","payload":${deepText(100_000)}}]}`,
    });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ code: 'bad_request', message: `JSON nested too deeply: arrays and objects may be nested at most ${LIMITS.bodyNesting} levels deep` });
    const single = await fetch(`${be.url}/realtime/v1/api/broadcast/t/events/e`, { method: 'POST', headers, body: deepText(100_000) });
    expect(single.status).toBe(400);
    const fine = await fetch(`${be.url}/realtime/v1/api/broadcast/t/events/e`, { method: 'POST', headers, body: deepText(LIMITS.bodyNesting - 4) });
    expect(fine.status).toBe(202);
    await listener.inbox.until((items) => items.some((m) => (m as Msg)[3] === 'broadcast'));
    expect((await fetch(`${be.url}/health`)).status).toBe(200);
    listener.ws.close();
  });
});

describe('LISTEN/NOTIFY handlers', () => {
  it('a malformed change or bus notification is logged and skipped; the changes after it still arrive', async () => {
    const inbox = new Inbox<{ new: { id: number } }>();
    const { sb } = await open();
    await subscribed(sb.channel('probe').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_probe' }, (p) => inbox.push(p as never)));
    await be.db.transaction((tx) => tx.exec(`
      select pg_notify('need40_realtime', 'not json');
      select pg_notify('need40_realtime', '{"s":"public","t":"rt_probe","o":"INSERT","ts":"x","r":5,"x":null}');
      select pg_notify('need40_realtime', '{"spill":"x"}');
      select pg_notify('need40_realtime_bus', 'not json');
      select pg_notify('need40_realtime_bus', '{"spill":-1}');`));
    await be.db.transaction((tx) => tx.exec('insert into public.rt_probe values (1)'));
    expect((await inbox.count(1))[0]!.new).toEqual({ id: 1 });
    expect((await fetch(`${be.url}/health`)).status).toBe(200);
  });
});

/**
 * The attacking side of the realtime phase of `pnpm drill:attack`, in a worker thread of its own
 * that yields the CPU (nice 10): on one machine the attackers' CPU would otherwise be taken from
 * the backend and from the probes that time it (attack-realtime.ts). The shapes:
 *
 *   memory   K sockets at the per-socket limits, each from its own address (100 channels, a
 *            4 KiB presence meta on each, 100 postgres_changes bindings): resident memory per socket;
 *   deep     presence metas and REST broadcasts nested 100,000 deep, again and again (must be 1007 / 400);
 *   flood    one address opens sockets past its limit, joins past the channel limit and the join
 *            rate, tracks an oversized meta (each refused with Realtime's reason);
 *   amplify  80 addresses each post an anonymous REST batch of 100 messages every second (the
 *            burst that once made an ordinary read on PostgreSQL wait 6.7 s, repeated);
 *   filters  32 addresses hold 100 distinct filters each on gigs (3,200), one asks for 101 bindings.
 *
 * Protocol with the main thread: workerData is the RealtimeTarget; posts {memory} once the memory
 * shape holds its sockets; on {go: ms} runs the other shapes for that long, then posts
 * {counts, amplifyMs} and closes every socket.
 */
import http from 'node:http';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { sleep } from './backend-process';
import { PhxClient, type Reply } from './phoenix-client';
import { memoryOf } from './probe';
import type { RealtimeTarget } from './attack-realtime';

const DEEP = `{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
const META = JSON.stringify({ blob: 'm'.repeat(4 * 1024 - 20) });
const tally = (counts: Record<string, number>, key: string) => void (counts[key] = (counts[key] ?? 0) + 1);
const reason = (r: Reply) => (r.status === 'ok' ? 'ok' : String(r.response.reason ?? r.status));
const filterOf = (n: number) => [`rate=gt.${n}`, `title=eq.t${n}`, `location=in.(a${n},b${n})`, `hours=neq.${n}`][n % 4]!;
const bindings = (from: number, count: number, distinct = true) =>
  Array.from({ length: count }, (_, i) => ({ event: '*', schema: 'public', table: 'gigs', filter: filterOf(distinct ? from + i : i) }));

async function open(t: RealtimeTarget, from: string, counts: Record<string, number>): Promise<PhxClient | null> {
  const c = await PhxClient.open(t.url, t.anonKey, from);
  if (typeof c === 'number') tally(counts, `upgrade ${c}`);
  return typeof c === 'number' ? null : c;
}

/** K sockets at the per-socket limits; resolves with them (kept open) and the memory they cost. */
async function atTheLimits(t: RealtimeTarget, counts: Record<string, number>) {
  const before = memoryOf(t.pid);
  const sockets = (await Promise.all(Array.from({ length: t.memorySockets }, (_, i) => open(t, `127.0.1.${i + 1}`, counts)))).filter((c) => c !== null);
  await Promise.all(sockets.map(async (c, i) => {
    const joins = Array.from({ length: 100 }, (_, ch) => {
      const topic = `realtime:mem-${i}-${ch}`;
      const config = { presence: { key: `k${ch}`, enabled: true }, postgres_changes: ch < 4 ? bindings(ch * 25, 25, false) : [] };
      return c.call(topic, 'phx_join', { config }, 60_000).then((r) => tally(counts, `memory join: ${reason(r)}`));
    });
    await Promise.all(joins);
    for (let ch = 0; ch < 100; ch++) {
      c.push(`realtime:mem-${i}-${ch}`, 'presence', `{"type":"presence","event":"track","payload":${META}}`);
      await sleep(110); // within the presence rate (10 a second)
    }
  }));
  await sleep(2000);
  const after = memoryOf(t.pid);
  return { sockets, memory: { sockets: sockets.length, rssBeforeMB: before.rssMB, rssAtLimitsMB: after.rssMB, perSocketKB: Math.round(((after.rssMB - before.rssMB) * 1024) / Math.max(1, sockets.length)) } };
}

async function deepShape(t: RealtimeTarget, end: number, counts: Record<string, number>): Promise<void> {
  for (let n = 0; performance.now() < end; n++) {
    const c = await open(t, `127.0.2.${(n % 250) + 1}`, counts);
    if (c) {
      await c.call('realtime:victim-room', 'phx_join', { config: { presence: { key: `deep-${n}`, enabled: true } } });
      c.push('realtime:victim-room', 'presence', `{"type":"presence","event":"track","payload":${DEEP}}`);
      tally(counts, `deep presence: close ${await Promise.race([c.closed, sleep(5000).then(() => 'none')])}`);
      c.close();
    }
    const res = await fetch(`${t.url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { apikey: t.anonKey, 'content-type': 'application/json' }, body: `{"messages":[{"topic":"victim-room","event":"x","payload":${DEEP}}]}` });
    tally(counts, `deep REST: ${res.status}`);
  }
}

async function floodShape(t: RealtimeTarget, counts: Record<string, number>): Promise<PhxClient[]> {
  const held: PhxClient[] = [];
  for (let i = 0; i < 60; i++) {
    const c = await open(t, '127.0.3.1', counts);
    if (c) held.push(c);
  }
  tally(counts, `flood sockets opened: ${held.length}`);
  const first = held[0];
  if (!first) return held;
  const replies = await Promise.all(Array.from({ length: 101 }, (_, ch) => first.call(`realtime:flood-${ch}`, 'phx_join', { config: {} })));
  for (const r of replies) tally(counts, `flood join: ${reason(r)}`);
  for (const r of await Promise.all(Array.from({ length: 20 }, () => held[1]?.call('realtime:flood-again', 'phx_join', { config: {} }) ?? Promise.resolve({ status: 'none', response: {} })))) {
    tally(counts, `flood rejoin: ${reason(r)}`);
  }
  const big = held[2];
  if (big) {
    // The joins above emptied this address's join bucket (20 a second): wait for a token, or the
    // track would meet "unmatched topic" instead of the size limit it is here to hit.
    await sleep(1500);
    tally(counts, `flood big join: ${reason(await big.call('realtime:flood-big', 'phx_join', { config: { presence: { key: 'big', enabled: true } } }))}`);
    tally(counts, `flood big track: ${reason(await big.call('realtime:flood-big', 'presence', { type: 'presence', event: 'track', payload: { blob: 'b'.repeat(8192) } }))}`);
  }
  return held;
}

async function amplifyShape(t: RealtimeTarget, end: number, counts: Record<string, number>, ms: number[]): Promise<void> {
  const body = JSON.stringify({ messages: Array.from({ length: 100 }, (_, i) => ({ topic: 'amplify', event: 'e', payload: { i } })) });
  await Promise.all(Array.from({ length: 80 }, async (_, i) => {
    // Each attacker keeps its connection, as a real one would (and loopback connection set-up is not what is measured).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let next = performance.now(); next < end; next += 1000) {
      await sleep(next - performance.now());
      const t0 = performance.now();
      const status = await new Promise<number>((resolve) => {
        const req = http.request(`${t.url}/realtime/v1/api/broadcast`, { method: 'POST', localAddress: `127.0.4.${i + 1}`, agent, headers: { apikey: t.anonKey, 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', () => resolve(0));
        req.end(body);
      });
      ms.push(performance.now() - t0);
      tally(counts, `amplify: ${status}`);
    }
    agent.destroy();
  }));
}

async function filterShape(t: RealtimeTarget, counts: Record<string, number>): Promise<PhxClient[]> {
  const held = (await Promise.all(Array.from({ length: 32 }, (_, i) => open(t, `127.0.5.${i + 1}`, counts)))).filter((c) => c !== null);
  await Promise.all(held.map(async (c, i) => {
    for (let ch = 0; ch < 4; ch++) tally(counts, `filters join: ${reason(await c.call(`realtime:filters-${ch}`, 'phx_join', { config: { postgres_changes: bindings(10_000 + i * 100 + ch * 25, 25) } }, 60_000))}`);
    if (i === 0) tally(counts, `filters 101st binding: ${reason(await c.call('realtime:filters-more', 'phx_join', { config: { postgres_changes: bindings(99_000, 1) } }))}`);
  }));
  return held;
}

const t = workerData as RealtimeTarget;
const counts: Record<string, number> = {};
os.setPriority(10); // this thread only (Linux nice values are per thread)

async function main(): Promise<void> {
  const { sockets, memory } = await atTheLimits(t, counts);
  parentPort!.postMessage({ memory });
  const go = await new Promise<number>((resolve) => parentPort!.once('message', (m: { go: number }) => resolve(m.go)));
  const end = performance.now() + go;
  const has = (shape: string) => t.shapes.includes(shape);
  const amplifyMs: number[] = [];
  const [, flood, filters] = await Promise.all([
    has('deep') ? deepShape(t, end, counts) : undefined,
    has('flood') ? floodShape(t, counts) : [],
    has('filters') ? filterShape(t, counts) : [],
    has('amplify') ? amplifyShape(t, end, counts, amplifyMs) : undefined,
  ]);
  await sleep(Math.max(0, end - performance.now()));
  for (const c of [...sockets, ...flood, ...filters]) c.close();
  parentPort!.postMessage({ counts, amplifyMs });
}

main().catch((error: unknown) => {
  throw error;
});

/**
 * The realtime phase of `pnpm drill:attack`, against a running backend (see attack.ts): the
 * attacking shapes run in a worker thread that yields the CPU (attack-realtime-shapes.ts: sockets
 * at the limits and their memory, deep payloads, a socket and join flood, REST broadcast
 * amplification, 3,200 filters) while this thread probes /health and an ordinary read
 * (`GET /rest/v1/gigs`, 20 rows) every 100 ms, and a normal subscriber (`id=eq.<gig>` on gigs)
 * times each of the gig's updates, written every 500 ms, from the PATCH to its arrival. Goals: the
 * process stays up, /health p95 < 300 ms, no update waits 1 s or more or goes missing; peak memory
 * is reported.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sleep } from './backend-process';
import { PhxClient } from './phoenix-client';
import { alive, cpuSecondsOf, memoryOf, probe, stats } from './probe';

export interface RealtimeTarget {
  url: string;
  pid: number;
  anonKey: string;
  posterToken: string;
  gigId: string;
  seconds: number;
  /** Sockets of the memory shape (each from its own address). */
  memorySockets: number;
  /** Which of deep, flood, amplify, filters run (memory always does). */
  shapes: string[];
}

/** Worker threads do not inherit tsx's loader: the thread loads tsx, then the shapes module. */
const SHAPES_THREAD = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./attack-realtime-shapes.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;

interface Memory {
  sockets: number;
  rssBeforeMB: number;
  rssAtLimitsMB: number;
  perSocketKB: number;
}

const next = <T>(w: Worker) => new Promise<T>((resolve, reject) => {
  w.once('message', resolve);
  w.once('error', reject);
});

/** The normal subscriber and the writer: milliseconds from each PATCH to its arrival; missed ones. */
async function normalSubscriber(t: RealtimeTarget, end: number) {
  const c = (await PhxClient.open(t.url, t.anonKey)) as PhxClient;
  const sentAt = new Map<string, number>();
  const waits: number[] = [];
  c.onMessage = (m) => {
    const title = (m[4] as { data?: { record?: { title?: string } } })?.data?.record?.title;
    const at = title ? sentAt.get(title) : undefined;
    if (m[3] !== 'postgres_changes' || at === undefined) return;
    waits.push(performance.now() - at);
    sentAt.delete(title!);
  };
  const joined = await c.call('realtime:normal', 'phx_join', { config: { postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'gigs', filter: `id=eq.${t.gigId}` }] } });
  if (joined.status !== 'ok') throw new Error(`the normal subscriber could not join: ${JSON.stringify(joined)}`);
  let sent = 0;
  let failed = 0;
  for (let n = 0; performance.now() < end; n++) {
    const title = `tick ${n}`;
    sentAt.set(title, performance.now());
    const res = await fetch(`${t.url}/rest/v1/gigs?id=eq.${t.gigId}`, { method: 'PATCH', headers: { apikey: t.anonKey, authorization: `Bearer ${t.posterToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ title }) }).catch(() => null);
    if (res?.status === 204) sent++;
    else {
      failed++;
      sentAt.delete(title);
    }
    await sleep(500);
  }
  await sleep(2000);
  const heartbeat = await c.call('phoenix', 'heartbeat', {});
  c.close();
  return { sent, failed, waits, missed: sentAt.size, answering: heartbeat.status === 'ok' };
}

export async function realtimeAttack(t: RealtimeTarget) {
  const shapes = new Worker(SHAPES_THREAD, { eval: true, workerData: t });
  const { memory } = await next<{ memory: Memory }>(shapes);
  const victim = (await PhxClient.open(t.url, t.anonKey)) as PhxClient;
  await victim.call('realtime:victim-room', 'phx_join', { config: { presence: { key: 'victim', enabled: true } } });
  const end = performance.now() + t.seconds * 1000;
  const attacked = next<{ counts: Record<string, number>; amplifyMs: number[] }>(shapes);
  shapes.postMessage({ go: t.seconds * 1000 });
  // How busy the backend and this thread were: this thread's delays would show in every figure.
  const cpuBefore = cpuSecondsOf(t.pid);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const [health, reads, subscriber, { counts, amplifyMs }] = await Promise.all([
    probe(`${t.url}/health`, {}, 100, end),
    probe(`${t.url}/rest/v1/gigs?select=id,title&limit=20`, { apikey: t.anonKey }, 100, end),
    normalSubscriber(t, end),
    attacked,
  ]);
  await shapes.terminate();
  loop.disable();
  const busy = { backendCpuSeconds: Math.round((cpuSecondsOf(t.pid) - cpuBefore) * 10) / 10, drillLoopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10 };
  const victimAnswers = (await victim.call('phoenix', 'heartbeat', {})).status === 'ok';
  victim.close();
  const h = stats(health.map((x) => x.ms));
  const w = stats(subscriber.waits);
  const result = {
    alive: alive(t.pid) && (await fetch(`${t.url}/health`)).status === 200,
    health: { ...h, notOk: health.filter((x) => x.status !== 200).length },
    reads: { ...stats(reads.map((x) => x.ms)), notOk: reads.filter((x) => x.status !== 200).length },
    subscriber: { ...w, sent: subscriber.sent, writesFailed: subscriber.failed, missed: subscriber.missed, answering: subscriber.answering, victimAnswering: victimAnswers },
    amplify: stats(amplifyMs),
    memory: { ...memory, peakMB: memoryOf(t.pid).peakMB },
    busy,
    counts,
  };
  const ok = result.alive && h.p95 < 300 && w.max < 1000 && subscriber.missed === 0 && subscriber.failed === 0 && subscriber.answering && victimAnswers && !Object.keys(counts).some((k) => / 5\d\d$| 0$/.test(k));
  return { ...result, ok };
}

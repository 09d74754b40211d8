/**
 * A worker thread of `pnpm drill:realtime`: `count` realtime-js subscribers (each its own
 * WebSocket) on channel `new-gigs`, INSERT on public.gigs. Spread over threads so that the
 * subscribers' own JSON parsing is not one thread's queue added to the measured latency.
 *
 * Protocol with the main thread: workerData {url, apikey, first, count, changes, sentAt (shared
 * Float64Array of epoch ms per change)}; posts 'ready' once every subscriber is SUBSCRIBED; on
 * 'count' posts {delivered}; on 'stop' posts {latencies, delivered, duplicates, loopP99}.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { RealtimeClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

interface Data {
  url: string;
  apikey: string;
  first: number;
  count: number;
  changes: number;
  sentAt: SharedArrayBuffer;
}

const d = workerData as Data;
const sentAt = new Float64Array(d.sentAt);
const now = () => performance.timeOrigin + performance.now();
const seen = Array.from({ length: d.count }, () => new Uint8Array(d.changes));
const latencies: number[] = [];
const clients: RealtimeClient[] = [];
let delivered = 0;
let duplicates = 0;
const loop = monitorEventLoopDelay({ resolution: 5 });

async function connect(): Promise<void> {
  for (let batch = 0; batch < d.count; batch += 25) {
    await Promise.all(Array.from({ length: Math.min(25, d.count - batch) }, (_, j) => new Promise<void>((resolve, reject) => {
      const i = batch + j;
      const client = new RealtimeClient(d.url, { params: { apikey: d.apikey }, transport: WebSocket as never });
      clients.push(client);
      client.channel('new-gigs')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gigs' }, (p) => {
          const k = Number(String((p.new as { title?: string }).title).replace('drill-', ''));
          if (!(k >= 0 && k < d.changes)) return;
          if (seen[i]![k]) return void duplicates++;
          seen[i]![k] = 1;
          delivered++;
          latencies.push(now() - sentAt[k]!);
        })
        .subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : reject(new Error(`subscriber ${d.first + i}: ${status} ${err?.message ?? ''}`))));
    })));
  }
}

parentPort!.on('message', (message: string) => {
  if (message === 'go') loop.enable();
  if (message === 'count') parentPort!.postMessage({ delivered });
  if (message !== 'stop') return;
  loop.disable();
  for (const c of clients) c.disconnect();
  parentPort!.postMessage({ latencies, delivered, duplicates, loopP99: loop.percentile(99) / 1e6 });
});

connect().then(() => parentPort!.postMessage('ready'), (error: unknown) => {
  throw error;
});

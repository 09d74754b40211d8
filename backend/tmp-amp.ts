import http from 'node:http';
import { probe, stats } from './drills/probe';
import { DEV_ANON_KEY } from './src/config';
const url = process.argv[2]!;
const end = performance.now() + 15000;
const body = JSON.stringify({ messages: Array.from({ length: 100 }, (_, i) => ({ topic: 'amplify', event: 'e', payload: { i } })) });
const counts: Record<number, number> = {};
const amp = Promise.all(Array.from({ length: 80 }, async (_, i) => {
  for (let next = performance.now(); next < end; next += 1000) {
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    const status = await new Promise<number>((resolve) => {
      const req = http.request(`${url}/realtime/v1/api/broadcast`, { method: 'POST', localAddress: `127.0.4.${i + 1}`, agent: false, headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
      req.on('error', () => resolve(0));
      req.end(body);
    });
    counts[status] = (counts[status] ?? 0) + 1;
  }
}));
const [h] = await Promise.all([probe(`${url}/health`, {}, 100, end), process.argv[3] === 'amp' ? amp : null]);
console.log(stats(h.map((x) => x.ms)), counts);

/**
 * The release part of bench:ledger: posters approve delivered deals through
 * POST /rest/v1/rpc/approve_work (the function the deal panel calls), `concurrency` requests in
 * flight, and every approval is sent TWICE by two racing callers — so exactly one of each pair may
 * release the money and the other must be refused (409). Then the books are checked: each deal
 * released once, its held account empty, the worker's payable and the fee booked.
 */
import http from 'node:http';
import type { Database } from '../src/db/types';

export interface ReleaseResult {
  deals: number; concurrency: number; seconds: number; releasesPerSecond: number;
  released: number; refused: number; otherErrors: number; firstError?: string;
  releaseTransactions: number; releasedTwice: number; notReleased: number; heldLeft: number; payableOff: number;
}

function poster(base: URL, anonKey: string, concurrency: number): (path: string, token: string, body: unknown) => Promise<{ status: number; body: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  return (p, token, body) => new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: base.hostname, port: base.port, path: base.pathname + p, method: 'POST', agent,
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

export async function benchReleases(db: Database, rest: URL, anonKey: string, tokenOf: (member: string) => Promise<string>,
  deals: number, concurrency: number): Promise<ReleaseResult> {
  const rows = (await db.transaction((tx) => tx.query<{ app: string; poster: string }>(
    `select app::text, poster::text from public.bench_deals where status = 'delivered' order by i limit ${deals}`))).rows;
  const tokens = new Map<string, string>();
  for (const r of rows) if (!tokens.has(r.poster)) tokens.set(r.poster, await tokenOf(r.poster));
  const post = poster(rest, anonKey, concurrency);
  // Each deal twice, the two calls next to each other in the queue so they race.
  const queue = rows.flatMap((r) => [r, r]);
  let next = 0;
  const result = { released: 0, refused: 0, otherErrors: 0, firstError: undefined as string | undefined };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < queue.length) {
      const r = queue[next++]!;
      const res = await post('/rpc/approve_work', tokens.get(r.poster)!, { p_application_id: r.app });
      if (res.status === 200) result.released++;
      else if (res.status === 409) result.refused++;
      else {
        result.otherErrors++;
        result.firstError ??= `${res.status} ${res.body.slice(0, 300)}`;
      }
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const [check] = (await db.transaction((tx) => tx.query<Record<string, string>>(`
    with d as (select b.app, b.worker, b.amount, b.fee from public.bench_deals b where b.app = any ($1::uuid[]))
    select (select count(*) from ledger.transactions t join d on t.application_id = d.app where t.kind = 'release')::text as "releaseTransactions",
      (select count(*) from (select t.application_id from ledger.transactions t join d on t.application_id = d.app where t.kind = 'release' group by 1 having count(*) > 1) x)::text as "releasedTwice",
      (select count(*) from public.applications a join d on a.id = d.app where a.status <> 'released')::text as "notReleased",
      (select count(*) from ledger.accounts a join d on a.key = 'held:' || d.app where a.credits_posted <> a.debits_posted)::text as "heldLeft",
      (select count(*) from ledger.transactions t join d on t.application_id = d.app
        where t.kind = 'release' and (t.fee_cents <> d.fee or (ledger.parts(t.id) ->> 'payable')::bigint <> d.amount - d.fee))::text as "payableOff"`,
    [rows.map((r) => r.app)]))).rows;
  const n = (k: string) => Number(check![k]);
  return { deals: rows.length, concurrency, seconds, releasesPerSecond: result.released / seconds, ...result,
    releaseTransactions: n('releaseTransactions'), releasedTwice: n('releasedTwice'), notReleased: n('notReleased'), heldLeft: n('heldLeft'), payableOff: n('payableOff') };
}

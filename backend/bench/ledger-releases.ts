/**
 * The release part of bench:ledger: posters approve delivered deals through
 * POST /rest/v1/rpc/approve_work (the function the deal panel calls), `concurrency` requests in
 * flight, and every approval is sent TWICE by two racing callers — so exactly one of each pair may
 * release the money and the other must be refused (409). Then the books are checked: each deal
 * released once, its held account empty, the worker's payable and the fee booked.
 */
import { callers } from './ledger-callers';
import { percentile } from './stats';
import type { Database } from '../src/db/types';

/** Each call's latency as its caller saw it (request sent → answer read), in ms. */
export interface Latency { calls: number; p50: number; p95: number; p99: number; max: number }

export interface ReleaseResult {
  deals: number; concurrency: number; seconds: number; releasesPerSecond: number;
  /** Every approve_work call; the calls that released (200); the racing duplicates refused (409). */
  latency: { all: Latency; released: Latency; refused: Latency };
  released: number; refused: number; otherErrors: number; firstError?: string;
  releaseTransactions: number; releasedTwice: number; notReleased: number; heldLeft: number; payableOff: number;
}

function latencyOf(ms: number[]): Latency {
  return { calls: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: percentile(ms, 100) };
}

export async function benchReleases(db: Database, rest: URL, anonKey: string, tokenOf: (member: string) => Promise<string>,
  deals: number, concurrency: number): Promise<ReleaseResult> {
  const rows = (await db.transaction((tx) => tx.query<{ app: string; poster: string }>(
    `select app::text, poster::text from public.bench_deals where status = 'delivered' order by i limit ${deals}`))).rows;
  const tokens = new Map<string, string>();
  for (const r of rows) if (!tokens.has(r.poster)) tokens.set(r.poster, await tokenOf(r.poster));
  const http = callers(rest, anonKey, concurrency);
  // Each deal twice, the two calls next to each other in the queue so they race.
  const queue = rows.flatMap((r) => [r, r]);
  let next = 0;
  const result = { released: 0, refused: 0, otherErrors: 0, firstError: undefined as string | undefined };
  const took = { released: [] as number[], refused: [] as number[], other: [] as number[] };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < queue.length) {
      const r = queue[next++]!;
      const t = performance.now();
      const res = await http.post('/rpc/approve_work', tokens.get(r.poster)!, { p_application_id: r.app });
      const ms = performance.now() - t;
      if (res.status === 200) {
        result.released++;
        took.released.push(ms);
      } else if (res.status === 409) {
        result.refused++;
        took.refused.push(ms);
      } else {
        took.other.push(ms);
        result.otherErrors++;
        result.firstError ??= `${res.status} ${res.body.slice(0, 300)}`;
      }
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  await http.close();
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
  const latency = { all: latencyOf([...took.released, ...took.refused, ...took.other]), released: latencyOf(took.released), refused: latencyOf(took.refused) };
  return { deals: rows.length, concurrency, seconds, releasesPerSecond: result.released / seconds, latency, ...result,
    releaseTransactions: n('releaseTransactions'), releasedTwice: n('releasedTwice'), notReleased: n('notReleased'), heldLeft: n('heldLeft'), payableOff: n('payableOff') };
}

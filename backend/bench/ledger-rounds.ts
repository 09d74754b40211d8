/**
 * The measuring parts of bench:ledger:profile, over SQL connections as the posters:
 *   - explainReleases: approve_work with auto_explain in the session, nested statements summed by text;
 *   - releaseRounds: concurrent releases in rounds that cycle through several "ways" (the change
 *     capture's modes on one database, or two databases migrated differently), so every way runs
 *     under the same load: releases a second, each call's latency, the CPU the releasing PostgreSQL
 *     backends spent per release (/proc, load-independent), and what they waited on
 *     (pg_stat_activity sampled every 5 ms).
 */
import { median, percentile } from './stats';
import pg from 'pg';
import { cpuBetween, procCpu } from './ledger-cpu';

export interface Deal { app: string; poster: string }

/** Act as `member` in this transaction, as the REST layer does. */
export const asMember = (c: pg.Client, member: string) =>
  c.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: member, role: 'authenticated', aal: 'aal1' })]);

async function release(c: pg.Client, d: Deal): Promise<void> {
  await c.query('begin');
  await asMember(c, d.poster);
  await c.query('select public.approve_work($1::uuid)', [d.app]);
  await c.query('commit');
}

/** auto_explain's lines: "duration: 1.234 ms  plan:\nQuery Text: …" → time by statement text. */
function explainLines(notices: string[]): Map<string, { ms: number; calls: number }> {
  const by = new Map<string, { ms: number; calls: number }>();
  for (const n of notices) {
    const m = /duration: ([\d.]+) ms\s+plan:\s*Query Text: ([\s\S]*?)(\n\S|\n\s*$|$)/.exec(n);
    if (!m) continue;
    const text = m[2]!.replace(/\s+/g, ' ').trim().slice(0, 160);
    const row = by.get(text) ?? { ms: 0, calls: 0 };
    row.ms += Number(m[1]);
    row.calls += 1;
    by.set(text, row);
  }
  return by;
}

/** Releases `deals` one by one with auto_explain on; prints the nested statements by total time. */
export async function explainReleases(label: string, url: string, deals: Deal[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const notices: string[] = [];
  c.on('notice', (n) => notices.push(n.message ?? ''));
  await c.query("load 'auto_explain'");
  await c.query('set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_nested_statements = on; set auto_explain.log_timing = on; set client_min_messages = log');
  const t0 = performance.now();
  for (const d of deals) await release(c, d);
  const wall = (performance.now() - t0) / deals.length;
  await c.end();
  const lines = explainLines(notices);
  const top = [...lines].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  const statements = [...lines.values()].reduce((n, r) => n + r.calls, 0) / deals.length;
  console.log(`${label}: approve_work, ${deals.length} calls with auto_explain (analyze adds overhead): ${wall.toFixed(1)} ms a call, ${statements.toFixed(0)} nested statements a call; by total time:`);
  for (const [text, r] of top) console.log(`${(r.ms / deals.length).toFixed(2).padStart(8)} ms/release ${String(r.calls / deals.length).padStart(5)}×  ${text}`);
}

export interface Way {
  name: string;
  url: string;
  /** Delivered deals of that database, taken in order. */
  deals: Deal[];
  /** Before each of its rounds (switch a mode on). */
  enter?(): Promise<void>;
  /** After each of its rounds. */
  leave?(): Promise<void>;
}

export interface WayResult {
  name: string; rates: number[]; latencies: number[]; cpuMs: number; releases: number;
  waits: Map<string, number>; samples: number;
}


/** `rounds` rounds of `perRound` releases by `concurrency` callers, cycling through the ways. */
export async function releaseRounds(ways: Way[], rounds: number, perRound: number, concurrency: number): Promise<WayResult[]> {
  const open = async (url: string) => {
    const k = new pg.Client({ connectionString: url });
    await k.connect();
    return k;
  };
  const conns = await Promise.all(ways.map(async (w) => {
    const clients = await Promise.all(Array.from({ length: concurrency }, () => open(w.url)));
    const pids = (await Promise.all(clients.map((k) => k.query<{ pid: number }>('select pg_backend_pid() as pid')))).map((r) => r.rows[0]!.pid);
    return { clients, pids, sampler: await open(w.url), taken: 0 };
  }));
  const results: WayResult[] = ways.map((w) => ({ name: w.name, rates: [], latencies: [], cpuMs: 0, releases: 0, waits: new Map(), samples: 0 }));
  try {
    for (let round = 0; round < rounds; round++) {
      const i = round % ways.length;
      const way = ways[i]!;
      const conn = conns[i]!;
      const out = results[i]!;
      const batch = way.deals.slice(conn.taken, conn.taken + perRound);
      conn.taken += batch.length;
      if (batch.length === 0) throw new Error(`${way.name}: no delivered deals left for round ${round + 1}`);
      await way.enter?.();
      let sampling = true;
      const sample = (async () => {
        while (sampling) {
          const { rows } = await conn.sampler.query<{ w: string }>(
            "select coalesce(wait_event_type || ':' || wait_event, 'on CPU') || case when state = 'idle' then ' (idle: between calls)' else '' end as w from pg_stat_activity where pid = any ($1)", [conn.pids]);
          for (const r of rows) out.waits.set(r.w, (out.waits.get(r.w) ?? 0) + 1);
          out.samples++;
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const cpu0 = procCpu(conn.pids);
      let next = 0;
      const t1 = performance.now();
      await Promise.all(conn.clients.map(async (k) => {
        while (next < batch.length) {
          const d = batch[next++]!;
          const t = performance.now();
          await release(k, d);
          out.latencies.push(performance.now() - t);
        }
      }));
      out.rates.push(batch.length / ((performance.now() - t1) / 1000));
      out.cpuMs += cpuBetween(cpu0, procCpu(conn.pids));
      out.releases += batch.length;
      sampling = false;
      await sample;
      await way.leave?.();
    }
  } finally {
    await Promise.all(conns.flatMap((c) => [...c.clients, c.sampler]).map((k) => k.end()));
  }
  return results;
}

/** Each way's rounds, median, per-call latency, CPU per release and top waits; then the medians' ratios to the first way. */
export function printRounds(results: WayResult[], concurrency: number): void {
  for (const m of results) {
    console.log(`${m.name}: ${m.rates.map((r) => r.toFixed(0)).join(', ')} releases/s, median ${median(m.rates).toFixed(0)}; ` +
      `each call p50 ${percentile(m.latencies, 50).toFixed(1)}, p95 ${percentile(m.latencies, 95).toFixed(1)}, p99 ${percentile(m.latencies, 99).toFixed(1)} ms; ` +
      `${(m.cpuMs / m.releases).toFixed(2)} CPU ms of PostgreSQL per release; the releasing backends were (${m.samples} samples):`);
    for (const [w, n] of [...m.waits].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${((100 * n) / (m.samples * concurrency)).toFixed(1).padStart(6)} %  ${w}`);
  }
  const [base, ...rest] = results;
  for (const m of rest) {
    console.log(`${m.name} ÷ ${base!.name}: releases/s median ${(median(m.rates) / median(base!.rates)).toFixed(2)}, ` +
      `p50 latency ${(percentile(m.latencies, 50) / percentile(base!.latencies, 50)).toFixed(2)}, CPU per release ${(m.cpuMs / m.releases / (base!.cpuMs / base!.releases)).toFixed(2)}`);
  }
}

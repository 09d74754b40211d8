/**
 * CPU time, for bench:ledger on a shared machine: wall-clock latency there measures the other
 * tenants as much as the query, so the bench also reports what each read or release COSTS — the
 * CPU time of the PostgreSQL backends serving it (utime + stime from /proc/<pid>/stat, the server
 * must run on this machine) and of this Node process (the HTTP layer) — and what that cost allows on
 * this machine's cores when they are free (cores × 1000 ms ÷ CPU ms per release). An estimate, said
 * so next to the figure; the measured figures stay the goal.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { percentile } from './stats';

const TICK_MS = 1000 / Number(execSync('getconf CLK_TCK').toString().trim() || 100);

/** CPU ms used so far by each of these processes that still runs. */
export function procCpu(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone
    }
  }
  return used;
}

/** CPU ms used between two readings by the processes present in both (one the pool closed after idling is left out). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) if (before.has(pid)) ms += t - before.get(pid)!;
  return ms;
}

export const nodeCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The backends now connected to the database (the bench's pool). */
export async function backendPids(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

export interface DirectResult { p50: number; p95: number; cpuMsPerCall: number }

/**
 * The read in SQL over one connection, as each member in turn (role authenticated, their claims):
 * client-side latency and the backend's CPU per call.
 */
export async function directSql(url: string, members: string[], sql: string, runs: number): Promise<DirectResult> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const pid = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const times: number[] = [];
    let cpu = 0;
    for (let i = -20; i < runs; i++) {
      const m = members[((i % members.length) + members.length) % members.length]!;
      const before = procCpu([pid]);
      const t = performance.now();
      await c.query('begin read only');
      await c.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: m, role: 'authenticated', aal: 'aal1' })]);
      await c.query(sql);
      await c.query('commit');
      if (i >= 0) {
        times.push(performance.now() - t);
        cpu += cpuBetween(before, procCpu([pid]));
      }
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95), cpuMsPerCall: cpu / runs };
  } finally {
    await c.end();
  }
}

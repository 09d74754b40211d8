/**
 * What the attack drills measure with: a GET that never throws (status 0 on a network failure or
 * timeout) with its time, a prober that repeats one every `everyMs` until a deadline, summary
 * statistics, and a process's memory from /proc (Linux).
 */
import fs from 'node:fs';
import http from 'node:http';
import { percentile, sleep } from './backend-process';

export interface Timed {
  status: number;
  ms: number;
}

export function get(url: string, headers: Record<string, string>, timeoutMs: number): Promise<Timed> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
  });
}

/** GET `url` every `everyMs` until `end` (performance.now()); resolves with every answer. */
export async function probe(url: string, headers: Record<string, string>, everyMs: number, end: number): Promise<Timed[]> {
  const out: Timed[] = [];
  while (performance.now() < end) {
    const t0 = performance.now();
    out.push(await get(url, headers, 5000));
    await sleep(Math.max(0, everyMs - (performance.now() - t0)));
  }
  return out;
}

export const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), max: r(s[s.length - 1] ?? NaN) };
};

/** Resident and peak resident memory of a process, in MiB (NaN off Linux). */
export function memoryOf(pid: number): { rssMB: number; peakMB: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMB: Math.round(kb('VmRSS') / 102.4) / 10, peakMB: Math.round(kb('VmHWM') / 102.4) / 10 };
  } catch {
    return { rssMB: NaN, peakMB: NaN };
  }
}

/** CPU seconds a process has used so far (user + system; NaN off Linux). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return NaN;
  }
}

/** The process is still there. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

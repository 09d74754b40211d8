/**
 * pnpm drill:storage — 100 concurrent 10 MB uploads to /storage/v1 against the real backend (a
 * child process), with the backend's memory sampled throughout, then the same bytes written to
 * disk directly by this process (100 concurrent streams, fsync each, as the store does) for the
 * yardstick. See docs/drills.md.
 *
 * Prints, per database: the backend's resident memory before, at its peak during the uploads and
 * after; the uploads' wall time and throughput; the direct writes' throughput; their ratio (goal
 * ≥ 0.5); the load average. Verifies every object is there at full size and one reads back
 * byte-identical. Exit code 1 if an upload fails, an object is missing or wrong, or memory is not
 * flat (peak − idle above --max-growth-mb, default 400: 100 uploads in flight may each hold about
 * a megabyte of buffers, never their 10 MB).
 *
 *   pnpm drill:storage [--db=pglite,postgres] [--uploads=100] [--mb=10] [--max-growth-mb=400] [--entry=dist|tsx]
 *   DRILL_DATABASE_URL: PostgreSQL admin URL (default postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres)
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEV_SERVICE_ROLE_KEY } from '../src/config';
import { BACKEND_DIR, buildDist, freePort, scratchDatabase, startBackend, type Entry } from './backend-process';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DBS = (args.db ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const UPLOADS = Number(args.uploads ?? 100);
const SIZE = Number(args.mb ?? 10) * 1024 * 1024;
const MAX_GROWTH_MB = Number(args['max-growth-mb'] ?? 400);
const ENTRY = (args.entry ?? 'dist') as Entry;
const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres';
const RESULTS_DIR = path.join(BACKEND_DIR, 'drills', 'results');
const SERVICE = { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` };

/** Resident memory of a process, in MB (VmRSS), or its peak (VmHWM). */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** One request with a Buffer body; resolves with status and text. */
function request(url: string, method: string, headers: Record<string, string>, body?: Buffer | string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The yardstick: the same bytes to disk from this process, 100 streams at once, fsync each. */
async function directWrites(dir: string, data: Buffer): Promise<number> {
  await fsp.mkdir(dir, { recursive: true });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) => {
      const file = path.join(dir, `direct-${i}`);
      const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
      // In 64 KiB chunks, as bytes arrive from a socket.
      for (let off = 0; off < data.length; off += 65536) {
        if (!out.write(data.subarray(off, off + 65536))) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
      const h = await fsp.open(file, 'r+');
      await h.datasync();
      await h.close();
    }),
  );
  return performance.now() - t0;
}

async function drill(db: 'pglite' | 'postgres', data: Buffer) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `drill-storage-${db}-`));
  const scratch = db === 'postgres' ? await scratchDatabase(ADMIN_URL, 'need40_drill_storage') : undefined;
  const port = await freePort();
  const env: Record<string, string> = { DATA_DIR: path.join(work, 'data'), STORAGE_DIR: path.join(work, 'storage'), STORAGE_FILE_SIZE_LIMIT: String(SIZE * 2), ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  // A fresh PGlite runs initdb and every migration first: slow on a busy machine.
  const be = await startBackend({ entry: ENTRY, port, env, logFile: path.join(work, 'backend.log'), timeoutMs: 300_000 });
  try {
    const base = `${be.url}/storage/v1`;
    const made = await request(`${base}/bucket`, 'POST', { ...SERVICE, 'content-type': 'application/json' }, JSON.stringify({ name: 'drill' }));
    if (made.status !== 200) throw new Error(`bucket: ${made.status} ${made.text}`);
    const idleMb = memoryMb(be.pid, 'VmRSS');
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, memoryMb(be.pid, 'VmRSS'))), 25);
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => request(`${base}/object/drill/up/${i}.bin`, 'POST', { ...SERVICE, 'content-type': 'application/octet-stream' }, data)));
    const uploadMs = performance.now() - t0;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, memoryMb(be.pid, 'VmRSS'));
    const afterMb = memoryMb(be.pid, 'VmRSS');
    const failed = answers.filter((a) => a.status !== 200);
    const list = await request(`${base}/object/list/drill`, 'POST', { ...SERVICE, 'content-type': 'application/json' }, JSON.stringify({ prefix: 'up', limit: 1000 }));
    const sizes = (JSON.parse(list.text) as { metadata: { size: number } }[]).map((o) => o.metadata.size);
    const back = await new Promise<string>((resolve, reject) => http.get(`${base}/object/authenticated/drill/up/7.bin`, { headers: SERVICE }, (res) => {
      const hash = createHash('sha256');
      res.on('data', (c: Buffer) => hash.update(c)).on('end', () => resolve(hash.digest('hex'))).on('error', reject);
    }));
    const directMs = await directWrites(path.join(work, 'direct'), data);
    const mb = (UPLOADS * SIZE) / 1024 / 1024;
    return {
      db, uploads: UPLOADS, mbEach: SIZE / 1024 / 1024,
      failed: failed.length, firstFailure: failed[0]?.text.slice(0, 200),
      stored: sizes.filter((s) => s === SIZE).length,
      readBackIdentical: back === createHash('sha256').update(data).digest('hex'),
      memoryMb: { idle: Math.round(idleMb), peak: Math.round(peakMb), after: Math.round(afterMb), growth: Math.round(peakMb - idleMb) },
      uploadSeconds: +(uploadMs / 1000).toFixed(2), uploadMBps: Math.round(mb / (uploadMs / 1000)),
      directSeconds: +(directMs / 1000).toFixed(2), directMBps: Math.round(mb / (directMs / 1000)),
      ratio: +((directMs / uploadMs)).toFixed(2),
      loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
    };
  } finally {
    await be.kill('SIGTERM');
    await scratch?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  if (ENTRY === 'dist') buildDist();
  const data = randomBytes(SIZE);
  const results = [];
  let ok = true;
  for (const db of DBS) {
    const r = await drill(db, data);
    results.push(r);
    const pass = r.failed === 0 && r.stored === UPLOADS && r.readBackIdentical && r.memoryMb.growth <= MAX_GROWTH_MB;
    ok &&= pass;
    console.log(`\n${db}: ${UPLOADS} × ${r.mbEach} MB uploads in ${r.uploadSeconds} s = ${r.uploadMBps} MB/s; direct writes ${r.directSeconds} s = ${r.directMBps} MB/s; ratio ${r.ratio} (goal ≥ 0.5)`);
    console.log(`  backend memory: idle ${r.memoryMb.idle} MB, peak ${r.memoryMb.peak} MB (+${r.memoryMb.growth}), after ${r.memoryMb.after} MB; stored ${r.stored}/${UPLOADS}, failed ${r.failed}, read back identical: ${r.readBackIdentical}`);
    console.log(`  load average ${r.loadAverage.join(' ')} — ${pass ? 'PASS' : 'FAIL'}${r.firstFailure ? ` (${r.firstFailure})` : ''}`);
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `storage-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(JSON.stringify({ drill: 'storage', results }));
  process.exit(ok ? 0 : 1);
}

void main();

/**
 * Backups of a PGlite data directory: a consistent snapshot (PgliteDatabase.dump: a checkpoint,
 * then the directory as a gzipped tarball, taken between two transactions), never a copy of the
 * live files.
 *   - The backend is running: it holds the directory's lock, so `pnpm db:backup` asks it — writes a
 *     request file into the directory and sends SIGUSR2 to the pid in the lock; the backend
 *     (serveSnapshots, main.ts) writes the snapshot and `<out>.done` (or `<out>.failed`).
 *   - Nothing runs: the tool opens the directory itself (taking the lock) and dumps it.
 * Restore (restorePglite) unpacks a snapshot into an empty directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPglite, type PgliteDatabase } from '../db/pglite';

const REQUEST = 'need40.backup-request';

/** The running backend's pid from the directory's lock, if it is alive here; else null. */
function runningBackend(dataDir: string): number | null {
  let pid: number;
  try {
    const text = fs.readFileSync(path.join(dataDir, 'need40.lock'), 'utf8');
    pid = text.trim().startsWith('{') ? (JSON.parse(text) as { pid: number }).pid : Number.parseInt(text, 10);
  } catch {
    return null;
  }
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

const writeAtomically = (file: string, data: Buffer | string) => {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
};

/** In the backend: answer SIGUSR2 by writing the snapshot the request file asks for. */
export function serveSnapshots(db: PgliteDatabase, dataDir: string, log: { info(msg: string): void; error(o: object, msg: string): void }): () => void {
  let busy = false;
  const onSignal = async () => {
    if (busy) return;
    busy = true;
    let out = '';
    try {
      out = (JSON.parse(fs.readFileSync(path.join(dataDir, REQUEST), 'utf8')) as { out: string }).out;
      fs.rmSync(path.join(dataDir, REQUEST), { force: true });
      const started = Date.now();
      writeAtomically(out, Buffer.from(await (await db.dump()).arrayBuffer()));
      fs.writeFileSync(`${out}.done`, '');
      log.info(`backup: snapshot of ${dataDir} written to ${out} in ${Date.now() - started} ms`);
    } catch (error) {
      log.error({ err: error }, 'backup: the snapshot failed');
      if (out) fs.writeFileSync(`${out}.failed`, String((error as Error).message ?? error));
    } finally {
      busy = false;
    }
  };
  const handler = () => void onSignal();
  process.on('SIGUSR2', handler);
  return () => process.off('SIGUSR2', handler);
}

/** Write a snapshot of `dataDir` to `out`: by the running backend, or by opening the directory. */
export async function backupPglite(dataDir: string, out: string, timeoutMs = 300_000): Promise<'running backend' | 'offline'> {
  const pid = runningBackend(dataDir);
  if (pid === null) {
    const db = await openPglite(dataDir);
    try {
      writeAtomically(out, Buffer.from(await (await db.dump()).arrayBuffer()));
    } finally {
      await db.close();
    }
    return 'offline';
  }
  for (const f of [`${out}.done`, `${out}.failed`]) fs.rmSync(f, { force: true });
  fs.writeFileSync(path.join(dataDir, REQUEST), JSON.stringify({ out: path.resolve(out) }));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(`${out}.done`)) {
      fs.rmSync(`${out}.done`);
      return 'running backend';
    }
    if (fs.existsSync(`${out}.failed`)) throw new Error(`the backend (pid ${pid}) could not write the snapshot: ${fs.readFileSync(`${out}.failed`, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the backend (pid ${pid}) wrote no snapshot within ${timeoutMs / 1000} s (is it a Need40 backend of this release?)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Unpack a snapshot into `dataDir`, which must be empty or missing. The snapshot carries the lock
 * file of the backend it was taken from; unpacking overwrites ours with it, so it is removed at
 * the end (the directory was empty: nobody else can be using it).
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length) throw new Error(`${dataDir} is not empty: restore into a new directory, then point DATA_DIR at it`);
  const db = await openPglite(dataDir, { loadDataDir: new Blob([fs.readFileSync(file)]), onLockLost: () => undefined });
  try {
    await db.transaction((tx) => tx.query('select count(*) from need40_migrations.ledger'));
  } finally {
    await db.close();
    fs.rmSync(path.join(dataDir, 'need40.lock'), { force: true });
  }
}

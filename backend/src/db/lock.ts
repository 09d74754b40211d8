/**
 * An exclusive lock on a PGlite data directory. PGlite does not lock its directory, and two
 * processes writing one directory silently lose committed rows, so the backend must refuse.
 *
 * The lock is a file created with O_EXCL naming its holder: pid, the process's start time, and
 * where that pid means something (host name, boot id, pid namespace). A pid alone is not enough:
 * in a container the backend is pid 1 on every start, so after a crash the old lock named "pid 1,
 * alive" — the new process itself — and the backend refused to start until someone deleted it.
 *   - Same host, boot and pid namespace: the lock is stale when that pid is gone or now belongs to
 *     a process that started at another time (pid reuse).
 *   - Otherwise (another container or machine sharing the volume) the pid cannot be checked: the
 *     holder touches the file every HEARTBEAT_MS, and a lock untouched for STALE_MS is stale.
 *     A fresh one is refused with `retryAfterMs`, so a replacement container waits the old
 *     one out instead of failing (openPglite waits).
 * The holder re-checks its lock on every heartbeat; a lock taken from it is fatal (`onLost`).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 60_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: string,
    /** Set when the holder cannot be checked: its lock is stale after this many ms without a heartbeat. */
    readonly retryAfterMs?: number,
  ) {
    super(
      `The data directory ${dir} is in use by another backend process (${holder}). ` +
        'Stop that process, or set DATA_DIR to another directory (or DATABASE_URL to share one PostgreSQL between instances).',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Holder {
  pid: number;
  /** Process start time (clock ticks since boot, /proc/<pid>/stat field 22); null where unknown. */
  start: string | null;
  host: string;
  boot: string | null;
  pidns: string | null;
  token: string;
}

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function startTime(pid: number | 'self'): string | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function me(): Holder {
  let pidns: string | null = null;
  try {
    pidns = fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    /* not Linux */
  }
  return { pid: process.pid, start: startTime('self'), host: os.hostname(), boot: read('/proc/sys/kernel/random/boot_id'), pidns, token: randomUUID() };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Parse a lock file: today's JSON, or an older release's bare pid. */
function parse(text: string): Partial<Holder> & { pid: number } {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value === 'object' && value && typeof value.pid === 'number') return value as Holder;
  } catch {
    /* a bare pid */
  }
  return { pid: Number.parseInt(text, 10) };
}

/** null when the lock may be taken over; otherwise the refusal. */
function refusal(dir: string, file: string, held: Partial<Holder> & { pid: number }, self: Holder): DataDirLockedError | null {
  const who = `pid ${held.pid}${held.host && held.host !== self.host ? ` on ${held.host}` : ''}`;
  const checkable = held.host === undefined || (held.host === self.host && held.boot === self.boot && held.pidns === self.pidns);
  if (checkable) {
    if (!Number.isInteger(held.pid) || !isAlive(held.pid)) return null;
    // An older release's bare pid naming us: left by our predecessor as pid 1 of a container.
    if (held.start === undefined && held.pid === self.pid) return null;
    const now = held.pid === self.pid ? self.start : startTime(held.pid);
    if (held.start && now && held.start !== now) return null; // the pid was reused by another process
    return new DataDirLockedError(dir, who);
  }
  let age: number;
  try {
    age = Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
  return age >= STALE_MS ? null : new DataDirLockedError(dir, `${who}, seen ${Math.round(age / 1000)} s ago`, STALE_MS - age);
}

export interface LockOptions {
  /** Called when the lock file no longer names this process (someone removed or took it). */
  onLost?: (message: string) => void;
}

/** Take the lock or throw DataDirLockedError. Returns the release function. */
export function lockDataDir(dir: string, options: LockOptions = {}): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'need40.lock');
  const self = me();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(self), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = read(file);
      if (text !== null) {
        const refused = refusal(dir, file, parse(text), self);
        if (refused) throw refused;
      }
      try {
        fs.unlinkSync(file); // stale: remove it and try again
      } catch {
        /* someone else removed it first */
      }
      continue;
    }
    return holdLock(file, self.token, options);
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

function holdLock(file: string, token: string, options: LockOptions): () => void {
  const ours = () => read(file)?.includes(token) ?? false;
  const heartbeat = setInterval(() => {
    if (!ours()) {
      clearInterval(heartbeat);
      options.onLost?.(`The lock ${file} was removed or taken by another process while this backend held it`);
      return;
    }
    const now = new Date();
    fs.utimes(file, now, now, () => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    try {
      if (ours()) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

/**
 * lockDataDir, waiting out a holder that cannot be checked (another container on the same volume)
 * until its lock goes stale, at most `maxWaitMs`.
 */
export async function acquireDataDirLock(dir: string, options: LockOptions & { maxWaitMs?: number } = {}): Promise<() => void> {
  const deadline = Date.now() + (options.maxWaitMs ?? STALE_MS + HEARTBEAT_MS);
  for (;;) {
    try {
      return lockDataDir(dir, options);
    } catch (error) {
      const wait = error instanceof DataDirLockedError ? error.retryAfterMs : undefined;
      if (wait === undefined || Date.now() + wait > deadline) throw error;
      console.warn(`${(error as Error).message} Waiting ${Math.ceil(wait / 1000)} s for its lock to go stale.`);
      await new Promise((resolve) => setTimeout(resolve, wait + 100));
    }
  }
}

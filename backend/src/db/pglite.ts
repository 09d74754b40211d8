/**
 * Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly), on disk or in memory.
 * Facts this module designs around: one session behind one lock, so every request
 * is one `transaction()`; no lock on the data directory, so we take one; no fsync, so a power
 * loss may lose recent commits (a killed process does not) — PostgreSQL is the production path.
 *
 * Fairness: PGlite executes on the main thread. Without a pause, queued transactions ran back to
 * back in one event-loop turn (one microtask chain), and Node accepts one new connection per turn
 * (libuv): under 200 concurrent clients a turn lasted ~0.1–0.3 s, so a client that connected late
 * waited seconds for its first answer (pnpm bench:load: 60 of 200 clients timed out after 10 s).
 * Transactions therefore run one at a time in arrival order, and after SLICE_MS of them the event
 * loop gets a turn (setImmediate), so sockets are accepted and read in between.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { acquireDataDirLock } from './lock';
import { requestText } from './request-text';
import { RequestAborted, type Database, type QueryResult, type Tx } from './types';

/**
 * Transactions run back to back for at most this long before the event loop gets a turn (5 ms:
 * as fast as a turn per transaction at 150 readers, 792–822 vs 844–943 req/s, and no starvation).
 */
const SLICE_MS = 5;

export interface PgliteDatabase extends Database {
  /** The whole data directory as a gzipped tarball (test templates, backups). */
  dump(): Promise<Blob>;
}

function wrap(tx: Transaction | PGlite): Tx {
  return {
    async query(sql, params) {
      const res = await tx.query(sql, params as unknown[] | undefined);
      return { rows: res.rows as never[], affectedRows: res.affectedRows ?? 0 };
    },
    async exec(sql) {
      await tx.exec(sql);
    },
  };
}

/** Open PGlite in `dataDir` (or in memory for ":memory:"), holding an exclusive lock on the directory. */
export interface PgliteOptions {
  /** Start from a dumped data directory (tests: a migrated template, instead of a slow initdb). */
  loadDataDir?: Blob;
  /** The directory's lock was removed or taken while open (default: log and exit, see below). */
  onLockLost?: (message: string) => void;
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir === ':memory:' || dataDir.startsWith('memory://');
  const release = inMemory
    ? () => {}
    : await acquireDataDirLock(dataDir, {
        // Another process writes this directory now: going on would lose committed rows.
        onLost:
          options.onLockLost ??
          ((message) => {
            console.error(`need40 backend: ${message}; stopping`);
            process.exit(70);
          }),
      });
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(inMemory ? {} : { dataDir }),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm, pgcrypto, citext, uuid_ossp },
    });
  } catch (error) {
    release();
    throw error;
  }
  let closed = false;
  /** The last transaction queued (settled or not): the next one starts after it ends. */
  let queue: Promise<unknown> = Promise.resolve();
  /** Transactions queued or running (the metrics' pool view). */
  let pending = 0;
  /** When the current event-loop turn started running transactions. */
  let sliceStart = -Infinity;
  const next = async () => {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  };
  /** Run `work` after every transaction queued before it (and a turn of the event loop when due). */
  const inTurn = <T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> => {
    const run = queue.then(next).then(() => {
      // Its client left while it waited: running it would only delay everyone behind it.
      if (signal?.aborted) throw new RequestAborted();
      return work();
    });
    pending++;
    queue = run.catch(() => undefined).finally(() => pending--);
    return run;
  };
  return {
    kind: 'pglite',
    transaction(fn, options) {
      return inTurn(options?.signal, () =>
        db.transaction(async (tx) => {
          if (options?.readOnly) await tx.exec('SET TRANSACTION READ ONLY');
          return fn(wrap(tx));
        }),
      );
    },
    request(unit, options) {
      // One exec (simple protocol) instead of PGlite's transaction(): its query() with parameters
      // is a describe and an execute, and begin, settings and commit three more calls (measured:
      // 1.8 ms against 4.8 ms for the same small read at load 30). The queue keeps it alone.
      return inTurn(options?.signal, async () => {
        const inside = options?.inside;
        try {
          const started = performance.now();
          const results = await db.exec(requestText(unit, !inside));
          options?.onQueryTime?.(performance.now() - started);
          const main = results[2]!;
          const result: QueryResult<never> = { rows: main.rows as never[], affectedRows: main.affectedRows ?? 0 };
          if (!inside) return result as never;
          const value = await inside(result, wrap(db));
          await db.exec(unit.end);
          return value;
        } catch (error) {
          // The string stops at its first error, inside the transaction: end it.
          await db.exec('rollback').catch(() => undefined);
          throw error;
        }
      });
    },
    stats: () => ({ total: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) }),
    async listen(channel, onNotify) {
      // Notifications are delivered in-process after the sending transaction commits.
      return db.listen(channel, onNotify);
    },
    dump() {
      // In the queue, between transactions, after a checkpoint: a consistent snapshot of a
      // running database (the files of a live directory copied by hand are not one).
      const run = queue.then(async () => {
        await db.exec('checkpoint');
        return db.dumpDataDir('gzip');
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}

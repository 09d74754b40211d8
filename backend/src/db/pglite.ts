/**
 * Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly), on disk or in memory.
 * Facts this module designs around (PITFALLS.md): one session behind one lock, so every request
 * is one `transaction()`; no lock on the data directory, so we take one; no fsync, so a power
 * loss may lose recent commits (a killed process does not) — PostgreSQL is the production path.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { lockDataDir } from './lock';
import type { Database, Tx } from './types';

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
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir === ':memory:' || dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(inMemory ? {} : { dataDir }),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm, pgcrypto, citext },
    });
  } catch (error) {
    release();
    throw error;
  }
  let closed = false;
  return {
    kind: 'pglite',
    async transaction(fn, options) {
      return db.transaction(async (tx) => {
        if (options?.readOnly) await tx.exec('SET TRANSACTION READ ONLY');
        return fn(wrap(tx));
      });
    },
    async dump() {
      return db.dumpDataDir('gzip');
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

/**
 * A fresh database migrated only up to (and including) one app migration, so a test can leave
 * rows as an older schema allowed them and then check what a later migration does to them.
 * PGlite in memory by default, a scratch PostgreSQL database with TEST_DB=postgres.
 *
 * @example
 *   const db = await databaseMigratedUntil('20240201000700_profiles_publish_nothing_by_default.sql');
 *   … insert old-style rows … ; await migrate(db); … check them … ; await db.close();
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';
import { DEFAULT_SOURCES, migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { scratchDatabase } from '../../src/db/scratch';
import type { Database } from '../../src/db/types';
import { testDbKind } from '../harness';

export async function databaseMigratedUntil(lastAppMigration: string): Promise<Database> {
  const appDir = path.join(REPO_ROOT, 'supabase/migrations');
  const older = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-migrations-'));
  for (const name of fs.readdirSync(appDir).filter((n) => n.endsWith('.sql') && n <= lastAppMigration)) {
    fs.copyFileSync(path.join(appDir, name), path.join(older, name));
  }
  let db: Database;
  if (testDbKind() === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const scratch = await scratchDatabase(admin, 'need40_test');
    const pg = await openPostgres(scratch.url, 2);
    const close = pg.close.bind(pg);
    db = Object.assign(pg, { close: async () => (await close(), await scratch.drop()) });
  } else {
    db = await openPglite(':memory:');
  }
  try {
    // Same scope names as the real run: the ledger then knows these files when migrate(db) runs the rest.
    await migrate(db, [DEFAULT_SOURCES[0]!, { scope: 'app', dir: older }]);
  } finally {
    fs.rmSync(older, { recursive: true, force: true });
  }
  return db;
}

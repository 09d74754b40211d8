/**
 * Runs once per `vitest run`, before any test file: the migrated template every test database is
 * copied from (harness.ts), so no test file pays for the migrations.
 *   - PGlite: a fresh in-memory PGlite, migrated and dumped to a file (without the WAL segments it
 *     does not need: template-tar.ts); rebuilt only when a migration file changes (reused across runs).
 *   - PostgreSQL (TEST_DB=postgres): a database of this run, migrated once; each test backend is a
 *     CREATE DATABASE … TEMPLATE copy of it. Dropped by the teardown (several runs may share a
 *     server, and each has its own migrations).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { migrate, DEFAULT_SOURCES } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { scratchDatabase } from '../src/db/scratch';
import { TEMPLATE_FILE, testDbKind } from './harness';
import { withoutUnusedWal } from './template-tar';

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const { dir } of DEFAULT_SOURCES) {
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.sql')).sort()) {
      hash.update(f).update(fs.readFileSync(path.join(dir, f)));
    }
  }
  return hash.digest('hex');
}

async function pgliteTemplate(): Promise<void> {
  const stamp = `${TEMPLATE_FILE}.sha256`;
  const fingerprint = migrationsFingerprint();
  if (fs.existsSync(TEMPLATE_FILE) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === fingerprint) return;
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const db = await openPglite(':memory:');
  let tar: Buffer;
  try {
    await migrate(db);
    const blob = await db.dump();
    const sql = "select redo_wal_file as first, pg_walfile_name(pg_current_wal_lsn()) as last from pg_control_checkpoint()";
    const { first, last } = (await db.transaction((tx) => tx.query<{ first: string; last: string }>(sql))).rows[0]!;
    tar = withoutUnusedWal(gunzipSync(Buffer.from(await blob.arrayBuffer())), first, last);
  } finally {
    await db.close();
  }
  const tmp = `${TEMPLATE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, tar);
  fs.renameSync(tmp, TEMPLATE_FILE);
  fs.writeFileSync(stamp, fingerprint);
}

/** Returns the teardown. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (testDbKind() === 'pglite') {
    project.provide('postgresTemplate', '');
    await pgliteTemplate();
    return undefined;
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (an admin URL to a PostgreSQL 15 server)');
  const template = await scratchDatabase(admin, 'need40_template');
  try {
    // Closed before any copy: PostgreSQL copies a database only while nobody is connected to it.
    const db = await openPostgres(template.url, 2);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
  return () => template.drop();
}

/**
 * Test harness: a real backend on a fresh, migrated database, in-process.
 *   - PGlite (default): loaded in memory from a migrated template that global-setup.ts dumps once
 *     per run (a fresh initdb costs seconds; loading the template costs ~0.5 s).
 *   - PostgreSQL: when TEST_DB=postgres (with TEST_DATABASE_URL, an admin URL), a database per
 *     backend, copied from the template database global-setup.ts migrated for this run (a copy
 *     takes well under a second; migrating takes seconds), dropped on close.
 *
 * @example
 *   const be = await startTestBackend();           // { url, app, db, config, close }
 *   const res = await fetch(`${be.url}/rest/v1/gigs`, { headers: { apikey: be.config.ANON_KEY } });
 *   await be.close();
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, REPO_ROOT, type Config } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { scratchDatabase } from '../src/db/scratch';
import type { Database } from '../src/db/types';

// What global-setup.ts provides to every test file (here, where it is read, so that every program
// that imports the harness — the app's tests in supabase/tests too — knows its type).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database test databases are copied from ('' on PGlite). */
    postgresTemplate: string;
  }
}

export const TEMPLATE_FILE = path.join(REPO_ROOT, '.data-test', 'template.tar');

/** How long a closing test backend waits for its connections before dropping them. */
const CLOSE_GRACE_MS = 2_000;

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A fresh migrated database of the given kind. */
export async function openTestDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'pglite') {
    const template = fs.existsSync(TEMPLATE_FILE) ? new Blob([fs.readFileSync(TEMPLATE_FILE)]) : undefined;
    const db = await openPglite(':memory:', template ? { loadDataDir: template } : {});
    await migrate(db); // a no-op on the template unless migrations changed since it was made
    return db;
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (an admin URL to a PostgreSQL 15 server)');
  const template = inject('postgresTemplate') || undefined;
  const scratch = await scratchDatabase(admin, 'need40_test', { template });
  const db = await openPostgres(scratch.url, 10);
  await migrate(db); // a no-op on the template copy
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await close();
      await scratch.drop();
    },
  });
}

export interface TestBackend {
  app: FastifyInstance;
  db: Database;
  config: Config;
  url: string;
  /** Move the backend's clock (milliseconds added to real time). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function startTestBackend(env: Record<string, string> = {}, db?: Database, extra: Pick<BuildOptions, 'observeBrowserReports'> = {}): Promise<TestBackend> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', ...env });
  const database = db ?? (await openTestDatabase());
  let offset = 0;
  const app = await buildApp({ config, db: database, now: () => Date.now() + offset, logger: false, ...extra });
  await app.listen({ host: '127.0.0.1', port: config.PORT }); // 0 (any free port) unless env.PORT says
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db: database,
    config,
    url: `http://127.0.0.1:${port}`,
    advanceClock: (ms) => {
      offset += ms;
    },
    async close() {
      const closing = app.close();
      // A connection a client left in the middle of a request (storage's refused uploads) is not
      // idle, so server.close() waits for Node's request timeouts to drop it: 60–90 s of a file's
      // time on PGlite in CI. The file's tests are done when it closes: after a grace, drop them.
      const grace = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      await closing.finally(() => clearTimeout(grace));
      if (!db) await database.close();
    },
  };
}

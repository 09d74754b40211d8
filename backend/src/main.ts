/**
 * Start the backend: configuration, database (with its lock), migrations, HTTP. Stops gracefully
 * on SIGINT/SIGTERM: stop accepting, finish in-flight requests, close the database. Also runs the
 * background jobs (the platform's and those the APP_SERVER extensions add: extensions/), the
 * scheduled SQL jobs (jobs/sql-jobs.ts) and, on PGlite, writes a snapshot when `pnpm db:backup`
 * sends SIGUSR2 (backup/pglite-snapshot.ts).
 */
import { ConfigError, loadConfig } from './config';
import { projectKeyProblems } from './security/project-keys';
import { buildApp } from './app';
import { DataDirLockedError } from './db/lock';
import { MigrationError } from './db/migrate';
import { openDatabase } from './db/open';
import type { PgliteDatabase } from './db/pglite';
import { migrateAtStart } from './db/startup';
import { serveSnapshots } from './backup/pglite-snapshot';
import { ExtensionError } from './extensions/load';

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  // Keys signed with another secret would start and then fail every browser request with 401.
  const keyProblems = await projectKeyProblems(config, Date.now());
  if (keyProblems.length && config.isProduction) throw new ConfigError(keyProblems);
  const db = await openDatabase(config);
  try {
    const applied = await migrateAtStart(config, db);
    const app = await buildApp({ config, db });
    // `pnpm db:backup` asks a running PGlite backend for a consistent snapshot (SIGUSR2).
    if (db.kind === 'pglite') serveSnapshots(db as PgliteDatabase, config.DATA_DIR, app.log.child({ module: 'backup' }));
    for (const warning of [...config.warnings, ...keyProblems]) app.log.warn(warning);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    // Background jobs: the auth mail queue, and the app's (its notification outbox, its payment worker).
    for (const job of app.jobs.values()) job.start();
    // Scheduled SQL jobs (SQL_JOBS, or those the extensions ask for), as pg_cron would run them.
    app.sqlJobs.start();

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const force = setTimeout(() => {
        app.log.error('shutdown took over 10 s; exiting');
        process.exit(1);
      }, 10_000);
      force.unref();
      try {
        await Promise.all([...app.jobs.values()].map((job) => job.stop()));
        await app.sqlJobs.stop();
        await app.close();
      } finally {
        await db.close();
        process.exit(0);
      }
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));

    await app.listen({ host: config.HOST, port: config.PORT });
    const where = config.database === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.DATA_DIR}`;
    app.log.info(`Need40 backend ready on http://${config.HOST}:${config.PORT} — database: ${where} — started in ${Date.now() - started} ms`);
  } catch (error) {
    await db.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof MigrationError || error instanceof ExtensionError) {
    console.error(`need40 backend: ${error.message}`);
  } else {
    console.error('need40 backend failed to start:', error);
  }
  process.exit(1);
});

/**
 * Start the backend: configuration, database (with its lock), migrations, HTTP. Stops gracefully
 * on SIGINT/SIGTERM: stop accepting, finish in-flight requests, close the database. Also delivers
 * the marketplace emails of the notification outbox (notifications/delivery.ts) and, on PGlite,
 * writes a snapshot when `pnpm db:backup` sends SIGUSR2 (backup/pglite-snapshot.ts).
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
import { startNotificationDelivery } from './notifications/delivery';

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
    // Marketplace emails (new application, accepted, declined) from the outbox the database fills.
    const notifications = startNotificationDelivery(app.services, app.log.child({ module: 'notifications' }));

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
        await notifications.stop();
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
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof MigrationError) {
    console.error(`need40 backend: ${error.message}`);
  } else {
    console.error('need40 backend failed to start:', error);
  }
  process.exit(1);
});

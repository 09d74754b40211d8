/**
 * The database steps of a backend's start (main.ts): apply pending migrations, refusing what must
 * stop it (db/migrate.ts). With DATABASE_MIGRATION_URL they run over that connection — a role that
 * owns the schema — while requests use DATABASE_URL, a role with only the privileges requests need
 * (deploy/postgres/roles.sql); the owner then also attaches the realtime triggers to newly
 * published tables, which the requests' role may not do.
 */
import type { Config } from '../config';
import { migrate, migrationSources } from './migrate';
import type { Database } from './types';

export async function migrateAtStart(config: Config, db: Database): Promise<string[]> {
  const options = { allowNewer: config.DB_ALLOW_NEWER_SCHEMA };
  if (!config.DATABASE_MIGRATION_URL) return migrate(db, migrationSources(config), options);
  const { openPostgres } = await import('./postgres');
  const owner = await openPostgres(config.DATABASE_MIGRATION_URL, 1);
  try {
    const applied = await migrate(owner, migrationSources(config), options);
    await owner.transaction((tx) => tx.query('select need40_realtime.sync_triggers()'));
    return applied;
  } finally {
    await owner.close();
  }
}

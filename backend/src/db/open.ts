/** The one place that decides which database the backend runs on. */
import type { Config } from '../config';
import type { Database } from './types';

/**
 * The driver is imported on demand: PostgreSQL never loads PGlite and PGlite never loads `pg`
 * (less to load at every restart; docs/drills.md has the measured restart times).
 */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DB_POOL_MAX'>): Promise<Database> {
  if (config.DATABASE_URL) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(config.DATABASE_URL, config.DB_POOL_MAX);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(config.DATA_DIR);
}

export type { Database, Tx } from './types';

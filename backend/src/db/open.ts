/** The one place that decides which database the backend runs on. */
import type { Config } from '../config';
import type { Database } from './types';

/**
 * The driver is imported on demand: PostgreSQL never loads PGlite (~0.2 s of module loading at
 * start) and PGlite never loads `pg`; a restart is that much faster (docs/drills.md).
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

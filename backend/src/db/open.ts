/** The one place that decides which database the backend runs on. */
import type { Config } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DB_POOL_MAX'>): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL, config.DB_POOL_MAX) : openPglite(config.DATA_DIR);
}

export type { Database, Tx } from './types';

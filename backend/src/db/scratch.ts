/**
 * A throwaway database on a PostgreSQL server, for the test harness, the benchmarks and the drills:
 * created with a random name from an admin (superuser) URL, dropped with `drop()` (connections
 * forced off). Never used by the running backend.
 *
 * @example
 *   const scratch = await scratchDatabase('postgres://postgres:postgres@127.0.0.1:5432/postgres', 'need40_test');
 *   const db = await openPostgres(scratch.url, 10); … ; await db.close(); await scratch.drop();
 *   // a copy of an already migrated database (nobody may be connected to it while it is copied):
 *   const copy = await scratchDatabase(adminUrl, 'need40_test', { template: 'need40_template_ab12' });
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export async function scratchDatabase(adminUrl: string, prefix: string, options: { template?: string } = {}): Promise<ScratchDatabase> {
  if (!IDENTIFIER.test(prefix)) throw new Error(`scratch database prefix must be a lower-case identifier: ${prefix}`);
  if (options.template !== undefined && !IDENTIFIER.test(options.template)) throw new Error(`template database must be a lower-case identifier: ${options.template}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * Forward-only SQL migrations, applied once each, in order, inside one transaction, recorded in a
 * ledger with a checksum. Two scopes run in this order:
 *   platform — backend/migrations/*.sql (roles, the auth schema: what hosted Supabase provides)
 *   app      — supabase/migrations/*.sql (the product's schema; pushable to hosted Supabase unchanged)
 * An already-applied migration whose file changed stops startup: migrations that landed are never
 * edited. Several instances starting at once on PostgreSQL serialise on an advisory lock.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_MIGRATION_DIRS, type Config } from '../config';
import type { Database } from './types';

export interface MigrationSource {
  scope: string;
  dir: string;
}

/** The two scopes, from configuration (PLATFORM_MIGRATIONS_DIR, APP_MIGRATIONS_DIR). */
export function migrationSources(config: Pick<Config, 'PLATFORM_MIGRATIONS_DIR' | 'APP_MIGRATIONS_DIR'>): MigrationSource[] {
  return [
    { scope: 'platform', dir: config.PLATFORM_MIGRATIONS_DIR },
    { scope: 'app', dir: config.APP_MIGRATIONS_DIR },
  ];
}

/** The configuration's defaults (tests and tools that run without a Config). */
export const DEFAULT_SOURCES: MigrationSource[] = migrationSources({
  PLATFORM_MIGRATIONS_DIR: DEFAULT_MIGRATION_DIRS.platform,
  APP_MIGRATIONS_DIR: DEFAULT_MIGRATION_DIRS.app,
});

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

interface MigrationFile {
  scope: string;
  name: string;
  file: string;
  sql: string;
  checksum: string;
}

function readMigrations(sources: MigrationSource[]): MigrationFile[] {
  return sources.flatMap(({ scope, dir }) => {
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((name) => {
        const file = path.join(dir, name);
        const sql = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
        return { scope, name, file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
      });
  });
}

const LEDGER = `
create schema if not exists need40_migrations;
create table if not exists need40_migrations.ledger (
  scope text not null,
  name text not null,
  checksum text not null,
  applied_at timestamptz not null default now(),
  primary key (scope, name)
);`;

/** Apply what is pending. Returns the names applied (empty when up to date). */
export async function migrate(db: Database, sources: MigrationSource[] = DEFAULT_SOURCES): Promise<string[]> {
  // Roles are global to a PostgreSQL cluster while the advisory lock is per database: two databases
  // of one cluster migrating at once can both try to create `anon`. The loser sees the role once
  // the winner commits, so its whole transaction is simply run again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db, sources);
    } catch (error) {
      if (attempt >= 3 || !isConcurrentRoleCreation(error)) throw error;
    }
  }
}

function isConcurrentRoleCreation(error: unknown): boolean {
  const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
  return error instanceof MigrationError && (code === '23505' || code === '42710') && /pg_authid|role/.test(String((error as Error).message));
}

async function migrateOnce(db: Database, sources: MigrationSource[]): Promise<string[]> {
  const files = readMigrations(sources);
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(4040404040)');
    await tx.exec(LEDGER);
    // Hosted Supabase's search path, so app SQL calling extensions unqualified (uuid_generate_v4()) applies.
    await tx.query(`select set_config('search_path', '"$user", public, extensions', true)`);
    const { rows } = await tx.query<{ scope: string; name: string; checksum: string }>(
      'select scope, name, checksum from need40_migrations.ledger',
    );
    const applied = new Map(rows.map((r) => [`${r.scope}/${r.name}`, r.checksum]));
    const done: string[] = [];
    for (const m of files) {
      const previous = applied.get(`${m.scope}/${m.name}`);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          throw new MigrationError(
            `Migration ${path.relative(process.cwd(), m.file)} was edited after it was applied ` +
              `(checksum ${m.checksum.slice(0, 12)}, applied ${previous.slice(0, 12)}). ` +
              'Migrations are forward-only: restore the file and put the change in a new migration.',
          );
        }
        continue;
      }
      try {
        await tx.exec(m.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${path.relative(process.cwd(), m.file)} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into need40_migrations.ledger (scope, name, checksum) values ($1, $2, $3)', [m.scope, m.name, m.checksum]);
      done.push(`${m.scope}/${m.name}`);
    }
    return done;
  });
}

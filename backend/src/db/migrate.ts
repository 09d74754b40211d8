/**
 * Forward-only SQL migrations, applied once each, in order, inside one transaction, recorded in a
 * ledger with checksums (migration-files.ts). Two scopes run in this order:
 *   platform — backend/migrations/*.sql (roles, the auth schema: what hosted Supabase provides)
 *   app      — supabase/migrations/*.sql (the product's schema; pushable to hosted Supabase unchanged)
 * Startup stops (MigrationError) when a folder is missing or empty, when an applied migration's
 * file was edited (a comment or whitespace change is not an edit: ledger.ts), and when the
 * database holds migrations this release does not have (it was upgraded by a newer release)
 * unless DB_ALLOW_NEWER_SCHEMA says the operator rolled the code back on purpose. Several
 * instances starting at once on PostgreSQL serialise on an advisory lock.
 */
import path from 'node:path';
import { DEFAULT_MIGRATION_DIRS, type Config } from '../config';
import { earlierVersionAdvice } from './known-edits';
import { compareLedger, LEDGER_DDL, readLedger, type LedgerComparison } from './ledger';
import { MigrationError, readMigrations, type MigrationFile, type MigrationSource } from './migration-files';
import type { Database } from './types';

export { MigrationError, type MigrationSource } from './migration-files';

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

export interface MigrateOptions {
  /** Start on a database that holds migrations this release lacks (DB_ALLOW_NEWER_SCHEMA). */
  allowNewer?: boolean;
}

/** Apply what is pending. Returns the names applied (empty when up to date). */
export async function migrate(db: Database, sources: MigrationSource[] = DEFAULT_SOURCES, options: MigrateOptions = {}): Promise<string[]> {
  const files = readMigrations(sources);
  // Roles are global to a PostgreSQL cluster while the advisory lock is per database: two databases
  // of one cluster migrating at once can both try to create `anon`. The loser sees the role once
  // the winner commits, so its whole transaction is simply run again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db, files, options);
    } catch (error) {
      if (attempt >= 3 || !isConcurrentRoleCreation(error)) throw error;
    }
  }
}

function isConcurrentRoleCreation(error: unknown): boolean {
  const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
  return error instanceof MigrationError && (code === '23505' || code === '42710') && /pg_authid|role/.test(String((error as Error).message));
}

const shown = (m: MigrationFile) => path.relative(process.cwd(), m.file);

/** Refuse what must stop startup; the message says what to do. */
function refuse(comparison: LedgerComparison, options: MigrateOptions): void {
  const [edited] = comparison.edited;
  if (edited) {
    throw new MigrationError(
      `Migration ${shown(edited.file)} was edited after it was applied ` +
        `(checksum ${edited.file.checksum.slice(0, 12)}, applied ${edited.applied.slice(0, 12)}). ` +
        (earlierVersionAdvice(edited.file.scope, edited.file.name, edited.applied) ??
          'Migrations are forward-only: restore the file and put the change in a new migration.'),
    );
  }
  if (comparison.unknown.length && !options.allowNewer) {
    throw new MigrationError(
      `The database holds ${comparison.unknown.length} migration(s) this release does not have (${comparison.unknown.slice(0, 3).join(', ')}${comparison.unknown.length > 3 ? ', …' : ''}): ` +
        'a newer release upgraded it. Run that release, restore the backup taken before the upgrade, ' +
        'or — if you rolled the code back on purpose and the newer migrations are compatible — set DB_ALLOW_NEWER_SCHEMA=true.',
    );
  }
}

async function migrateOnce(db: Database, files: MigrationFile[], options: MigrateOptions): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(4040404040)');
    await tx.exec(LEDGER_DDL);
    // Hosted Supabase's search path, so app SQL calling extensions unqualified (uuid_generate_v4()) applies.
    await tx.query(`select set_config('search_path', '"$user", public, extensions', true)`);
    const comparison = compareLedger(files, await readLedger(tx));
    refuse(comparison, options);
    // Rows recorded by releases that kept only the file's checksum learn its normalised one.
    for (const m of comparison.backfill) {
      await tx.query('update need40_migrations.ledger set normalised_checksum = $3 where scope = $1 and name = $2', [m.scope, m.name, m.normalised]);
    }
    const done: string[] = [];
    for (const m of comparison.pending) {
      try {
        await tx.exec(m.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${shown(m)} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into need40_migrations.ledger (scope, name, checksum, normalised_checksum) values ($1, $2, $3, $4)', [
        m.scope,
        m.name,
        m.checksum,
        m.normalised,
      ]);
      done.push(`${m.scope}/${m.name}`);
    }
    return done;
  });
}

/**
 * `pnpm db:restore FILE [--owner ROLE]`: restore a backup of `pnpm db:backup` into the database the
 * environment names — never over a database in use:
 *   PostgreSQL (DATABASE_URL, a new empty database; an admin or the owner-to-be): creates the
 *   roles the dump needs that the cluster lacks, then pg_restore in one transaction. `--owner`
 *   makes every object that role's (the role that runs migrations on the new cluster).
 *   PGlite (DATA_DIR, a new empty directory): unpacks the snapshot.
 * Then start the backend on it: migrations newer than the backup are applied as usual.
 */
import path from 'node:path';
import { restorePglite } from '../backup/pglite-snapshot';
import { restorePostgres } from '../backup/postgres-dump';
import { loadConfig } from '../config';

/** Paths as the operator typed them: pnpm runs this in backend/, INIT_CWD is where they were. */
const here = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const ownerAt = args.indexOf('--owner');
  const owner = ownerAt >= 0 ? args[ownerAt + 1] : undefined;
  const given = args.find((a, i) => !a.startsWith('--') && (ownerAt < 0 || i !== ownerAt + 1));
  if (!given) throw new Error('usage: pnpm db:restore FILE [--owner ROLE]');
  const file = here(given);
  const config = loadConfig();
  const started = Date.now();
  if (config.DATABASE_URL) {
    const created = await restorePostgres(file, config.DATABASE_URL, { owner });
    console.log(JSON.stringify({ restored: file, database: 'postgres', rolesCreated: created, ms: Date.now() - started }));
  } else {
    await restorePglite(file, config.DATA_DIR);
    console.log(JSON.stringify({ restored: file, database: 'pglite', dataDir: config.DATA_DIR, ms: Date.now() - started }));
  }
}

main().catch((error: unknown) => {
  console.error(`db:restore: ${(error as Error).message}`);
  process.exit(1);
});

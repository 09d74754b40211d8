/**
 * `pnpm db:backup [--out FILE]`: a backup of the database the backend is configured for (the same
 * environment as the backend: DATABASE_URL, else DATA_DIR).
 *   PostgreSQL: pg_dump's custom format (restorable with pg_restore; `pnpm db:restore`).
 *   PGlite: a consistent snapshot (a gzipped tarball of the data directory), written by the
 *   running backend when there is one (backup/pglite-snapshot.ts), else by this tool.
 * Default file: backups/need40-<postgres|pglite>-<UTC time>.<dump|tar.gz>. Prints one JSON line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { backupPglite } from '../backup/pglite-snapshot';
import { backupPostgres } from '../backup/postgres-dump';
import { loadConfig } from '../config';

/** Paths as the operator typed them: pnpm runs this in backend/, INIT_CWD is where they were. */
const here = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function main(): Promise<void> {
  const config = loadConfig();
  const i = process.argv.indexOf('--out');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = here(i > 0 ? process.argv[i + 1]! : `backups/need40-${config.database}-${stamp}.${config.database === 'postgres' ? 'dump' : 'tar.gz'}`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();
  const how = config.DATABASE_URL ? (await backupPostgres(config.DATABASE_URL, out), 'pg_dump') : await backupPglite(config.DATA_DIR, out);
  console.log(JSON.stringify({ file: out, database: config.database, how, bytes: fs.statSync(out).size, ms: Date.now() - started }));
}

main().catch((error: unknown) => {
  console.error(`db:backup: ${(error as Error).message}`);
  process.exit(1);
});

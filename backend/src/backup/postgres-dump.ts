/**
 * Backups of a PostgreSQL database with PostgreSQL's own tools: `pg_dump --format=custom` (every
 * schema — auth, the app, realtime, the migration ledger — consistent as of one snapshot, taken
 * while the backends keep writing) and `pg_restore` onto a database of a fresh cluster.
 *
 * A dump names roles it does not contain (roles belong to the cluster): the API roles the grants
 * and policies mention (anon, authenticated, service_role) and whoever owned the objects. Restore
 * reads the names from the dump itself, creates the missing ones (the API roles with Supabase's
 * attributes, any other NOLOGIN: give it a password yourself), then restores in one transaction,
 * stopping at the first error. `owner` restores every object as that role instead of the original
 * owners (the role that will run migrations on the new cluster). Event triggers are left out: only
 * a superuser may own one, and ours (re-syncing realtime's triggers after a publication changes)
 * is an optional convenience — every backend syncs them at start.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const BIG = { maxBuffer: 512 * 1024 * 1024 };

/** Attributes of the roles the platform migrations create (backend/migrations/…_roles_and_auth_schema.sql). */
const API_ROLES: Record<string, string> = { anon: 'nologin noinherit', authenticated: 'nologin noinherit', service_role: 'nologin noinherit bypassrls' };

export async function backupPostgres(databaseUrl: string, out: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--compress=6', '--file', out, '--dbname', databaseUrl], BIG);
}

/** Role names the dump grants to or sets as owner. */
export async function rolesInDump(file: string): Promise<string[]> {
  const { stdout } = await run('pg_restore', ['--schema-only', '--file=-', file], BIG);
  const names = new Set<string>();
  const ident = /"((?:[^"]|"")+)"|([a-z_][a-z0-9_$]*)/gi;
  const add = (list: string) => {
    for (const id of list.matchAll(ident)) {
      const name = id[1] ? id[1].replace(/""/g, '"') : id[2]!;
      if (name.toLowerCase() !== 'public') names.add(name);
    }
  };
  // pg_dump writes each of these statements on a line of its own, in upper case (function bodies,
  // whose text is ours and lower case, may mention grants too: they are not statements of the dump).
  for (const m of stdout.matchAll(/^(?:ALTER [^\n;]* OWNER TO|GRANT [^\n;]* TO|REVOKE [^\n;]* FROM) ([^\n;]+?)(?: WITH GRANT OPTION)?;$/gm)) add(m[1]!);
  for (const m of stdout.matchAll(/^ALTER DEFAULT PRIVILEGES FOR ROLE ("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)/gm)) add(m[1]!);
  return [...names].sort();
}

export interface RestoreOptions {
  /** Restore every object as this role (it must exist and the restoring user must be able to SET ROLE to it). */
  owner?: string;
}

/** Restore `file` into the (empty) database at `databaseUrl`; returns the roles it created. */
export async function restorePostgres(file: string, databaseUrl: string, options: RestoreOptions = {}): Promise<string[]> {
  const created: string[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*)::text as n from pg_namespace where nspname in ('auth', 'need40_migrations')");
    if (rows[0]!.n !== '0') throw new Error('the target database already holds a Need40 schema: restore into a new, empty database');
    for (const role of await rolesInDump(file)) {
      const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      if (exists.rowCount) continue;
      await client.query(`create role ${pg.escapeIdentifier(role)} ${API_ROLES[role] ?? 'nologin'}`);
      created.push(role);
    }
  } finally {
    await client.end();
  }
  const { stdout: toc } = await run('pg_restore', ['--list', file], BIG);
  const list = `${file}.restore-list`;
  fs.writeFileSync(list, toc.split('\n').filter((l) => !/ EVENT TRIGGER /.test(l)).join('\n'));
  const args = ['--exit-on-error', '--single-transaction', '--use-list', list, '--dbname', databaseUrl];
  if (options.owner) args.push('--no-owner', `--role=${options.owner}`);
  try {
    await run('pg_restore', [...args, file], BIG);
  } finally {
    fs.rmSync(list, { force: true });
  }
  return created;
}

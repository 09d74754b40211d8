/**
 * A scratch PostgreSQL database set up the way deploy/postgres/roles.sql tells an operator to: an
 * owner role that runs migrations and an app role that serves requests, neither a superuser, made
 * by running that very file with psql as the admin. Everything is dropped by `drop()`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

export const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres';
const ROLES_SQL = path.resolve(import.meta.dirname, '..', '..', 'postgres', 'roles.sql');

export interface DrillDatabase {
  name: string;
  owner: string;
  app: string;
  /** The owner's URL (DATABASE_MIGRATION_URL). */
  ownerUrl: string;
  /** The app role's URL (DATABASE_URL). */
  appUrl: string;
  /** The admin's URL of this database. */
  adminUrl: string;
  drop(): Promise<void>;
}

const urlFor = (base: string, user: string, password: string | null, db: string) => {
  const u = new URL(base);
  if (password !== null) {
    u.username = user;
    u.password = password;
  }
  u.pathname = `/${db}`;
  return u.toString();
};

export async function adminQuery(url: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

export function createDrillDatabase(prefix: string, adminUrl = ADMIN_URL): DrillDatabase {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const owner = `${name}_owner`;
  const app = `${name}_app`;
  const ownerPassword = randomBytes(12).toString('hex');
  const appPassword = randomBytes(12).toString('hex');
  execFileSync(
    'psql',
    [adminUrl, '-q', '-X', '-v', `owner=${owner}`, '-v', `app=${app}`, '-v', `db=${name}`, '-v', `owner_password='${ownerPassword}'`, '-v', `app_password='${appPassword}'`, '-f', ROLES_SQL],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return {
    name,
    owner,
    app,
    ownerUrl: urlFor(adminUrl, owner, ownerPassword, name),
    appUrl: urlFor(adminUrl, app, appPassword, name),
    adminUrl: urlFor(adminUrl, '', null, name),
    async drop() {
      await adminQuery(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      for (const role of [app, owner]) await adminQuery(adminUrl, `drop role if exists ${pg.escapeIdentifier(role)}`);
    },
  };
}

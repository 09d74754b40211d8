/**
 * Fail loudly, never run broken: what the backend refuses at start (or warns about), each with
 * the message an operator reads — production settings that would misroute users, a misspelt
 * variable, a proxy setting, project keys signed with another secret, migrations missing, edited
 * or newer than the release, and a PGlite lock left behind by a crashed pid 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_APP_SERVER, DEFAULT_MIGRATION_DIRS, loadConfig } from '../../src/config';
import { EARLIER_VERSIONS } from '../../src/db/known-edits';
import { DataDirLockedError, lockDataDir } from '../../src/db/lock';
import { checkExtensionConfig, loadExtensions } from '../../src/extensions/load';
import { migrate, MigrationError } from '../../src/db/migrate';
import { normaliseSql } from '../../src/db/sql-normalise';
import type { Database } from '../../src/db/types';
import { signJwt } from '../../src/security/jwt';
import { projectKeyProblems } from '../../src/security/project-keys';
import { openTestDatabase } from '../harness';

const SECRET = 'b8e1c5f0a3d94e7f8c2b6a1d0e9f7c3b5a4d2e1f0c9b8a7d6e5f4c3b2a1d0e9f';
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: '6a0f3f84dfd47abaf1ecb3755728f376a6bf181c4b81c0d56245653f51875766',
  ANON_KEY: 'a',
  SERVICE_ROLE_KEY: 's',
  SMTP_URL: 'smtp://mail.internal:25',
  SITE_URL: 'https://need40.example',
  API_EXTERNAL_URL: 'https://need40.example',
  CORS_ORIGINS: 'https://need40.example',
};
const problemsOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe('production configuration', () => {
  it('starts with public URLs and named origins', () => {
    expect(loadConfig(PRODUCTION).isProduction).toBe(true);
  });

  it.each([
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS: production needs the site\'s origins'],
    [{ CORS_ORIGINS: 'https://need40.example,http://localhost:3000' }, 'CORS_ORIGINS: http://localhost:3000 is this machine'],
    [{ SITE_URL: 'http://localhost:3000' }, 'SITE_URL: http://localhost:3000 is this machine'],
    [{ API_EXTERNAL_URL: 'http://127.0.0.1:54321' }, 'API_EXTERNAL_URL: http://127.0.0.1:54321 is this machine'],
    [{ DATABASE_URL: 'postgres://need40:se#cret@db/need40' }, 'DATABASE_URL: does not parse as a URL'],
    [{ DATABASE_URL: 'mysql://db/need40' }, 'DATABASE_URL: must be a postgres:// URL'],
    [{ DATABSE_URL: 'postgres://need40@db/need40' }, 'DATABSE_URL: not a setting — did you mean DATABASE_URL?'],
  ])('refuses %o', (change, message) => {
    expect(problemsOf({ ...PRODUCTION, ...change })).toContain(message);
  });

  it('lists every problem at once', () => {
    const text = problemsOf({ ...PRODUCTION, CORS_ORIGINS: '*', SITE_URL: 'http://localhost:3000', TRUST_PROXY: 'true' });
    for (const v of ['CORS_ORIGINS', 'SITE_URL', 'TRUST_PROXY']) expect(text).toContain(`${v}:`);
  });

  it("refuses what the app server finds wrong in its own settings (payments: app-server/src/config.ts)", async () => {
    const extensions = await loadExtensions({ APP_SERVER: DEFAULT_APP_SERVER });
    const refusal = (env: Record<string, string>) => {
      try {
        checkExtensionConfig(loadConfig({ ...PRODUCTION, ...env }), extensions);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(refusal({ PAYMENT_PROVIDER: 'stripe' })).toContain("STRIPE_SECRET_KEY: PAYMENT_PROVIDER=stripe needs the platform's secret key");
    expect(refusal({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abcdefgh', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toContain(
      'STRIPE_API_BASE: only for a local mock; production talks to api.stripe.com',
    );
    expect(refusal({ PAYMENT_PROVIDER: 'manual' })).toBe('');
  });
});

describe('variables that are not settings', () => {
  it('are named in warnings (a typo with its likely meaning), never silently ignored', () => {
    const { warnings } = loadConfig({ DATABSE_URL: 'postgres://x@db/x', RATE_LIMIT_SIGNIN_PER_IP: '5', REALTIME_MAX_SOCKETS: '9', PATH: '/usr/bin', HOME: '/root' });
    expect(warnings).toEqual([
      'DATABSE_URL is not a setting of the backend and is ignored; did you mean DATABASE_URL?',
      'RATE_LIMIT_SIGNIN_PER_IP is not a setting of the backend and is ignored; did you mean RATE_LIMIT_SIGN_IN_PER_IP?',
      'REALTIME_MAX_SOCKETS is not a setting of the backend and is ignored (see backend/.env.example)',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDRs and names, or a hop count; refuses "true" and garbage', () => {
    const trust = loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy;
    expect(trust && [trust('127.0.0.1', 0), trust('10.1.2.3', 1), trust('192.0.2.1', 0)]).toEqual([true, true, false]);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(hops && [hops('192.0.2.1', 0), hops('192.0.2.2', 1), hops('192.0.2.3', 2)]).toEqual([true, true, false]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY: "true" would believe any client');
    expect(problemsOf({ TRUST_PROXY: 'nginx.internal' })).toContain('TRUST_PROXY: ');
  });
});

describe('project keys', () => {
  it('name a key signed with another secret, and a key of the wrong role', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const right = { JWT_SECRET: SECRET, ANON_KEY: await signJwt({ role: 'anon', exp }, SECRET), SERVICE_ROLE_KEY: await signJwt({ role: 'service_role', exp }, SECRET) };
    expect(await projectKeyProblems(right, Date.now())).toEqual([]);
    const foreign = await signJwt({ role: 'anon', exp }, 'another-secret-that-is-at-least-32-characters');
    const problems = await projectKeyProblems({ ...right, ANON_KEY: foreign, SERVICE_ROLE_KEY: right.ANON_KEY }, Date.now());
    expect(problems).toEqual([expect.stringMatching(/^ANON_KEY: does not verify against JWT_SECRET/), 'SERVICE_ROLE_KEY: its role is "anon", not "service_role"']);
  });
});

describe('migrations', () => {
  let db: Database;
  let appDir: string;
  const last = () => fs.readdirSync(appDir).sort().at(-1)!;
  const sources = () => [
    { scope: 'platform', dir: DEFAULT_MIGRATION_DIRS.platform },
    { scope: 'app', dir: appDir },
  ];
  beforeAll(async () => {
    db = await openTestDatabase();
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-app-migrations-'));
    fs.cpSync(DEFAULT_MIGRATION_DIRS.app, appDir, { recursive: true });
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('refuses to start without the app migrations (a release deployed without them)', async () => {
    const missing = [sources()[0]!, { scope: 'app', dir: path.join(appDir, 'nowhere') }];
    await expect(migrate(db, missing)).rejects.toThrow(/No app migrations in .*nowhere \(the folder does not exist\)\. .*set APP_MIGRATIONS_DIR/);
  });

  it('accepts a comment or whitespace fix to a landed migration, refuses any other edit', async () => {
    const file = path.join(appDir, last());
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `-- A comment added after it landed.\n${original.replace(/\n/g, '\n\n').replace(/ {2}/g, '    ')}`);
    expect(await migrate(db, sources())).toEqual([]);
    fs.writeFileSync(file, `${original}\nselect 1;\n`);
    await expect(migrate(db, sources())).rejects.toThrow(MigrationError);
    await expect(migrate(db, sources())).rejects.toThrow(new RegExp(`${last()} was edited after it was applied`));
    fs.writeFileSync(file, original);
  });

  it('keeps working on a ledger written by a release that recorded only the file checksum', async () => {
    await db.transaction((tx) => tx.query('update need40_migrations.ledger set normalised_checksum = null'));
    expect(await migrate(db, sources())).toEqual([]);
    const { rows } = await db.transaction((tx) => tx.query<{ n: string }>('select count(*)::text as n from need40_migrations.ledger where normalised_checksum is null'));
    expect(rows[0]!.n).toBe('0');
  });

  it('names the way out for a database created from a version of a migration that was edited later', async () => {
    const name = '20240401000400_application_process.sql';
    const [row] = (await db.transaction((tx) => tx.query<{ checksum: string; normalised_checksum: string }>(`select checksum, normalised_checksum from need40_migrations.ledger where name = '${name}'`))).rows;
    await db.transaction((tx) => tx.query(`update need40_migrations.ledger set checksum = $1, normalised_checksum = null where name = '${name}'`, [EARLIER_VERSIONS[`app/${name}`]![0]]));
    await expect(migrate(db, sources())).rejects.toThrow(/created from main between 2026-11-22 23:32 and 2026-11-23 02:08 UTC.*cannot be upgraded in place/);
    await db.transaction((tx) => tx.query(`update need40_migrations.ledger set checksum = $1, normalised_checksum = $2 where name = '${name}'`, [row!.checksum, row!.normalised_checksum]));
  });

  it('refuses a database a newer release upgraded, unless told the rollback is deliberate', async () => {
    await db.transaction((tx) => tx.query("insert into need40_migrations.ledger (scope, name, checksum) values ('app', '29990101000000_future.sql', 'x')"));
    await expect(migrate(db, sources())).rejects.toThrow(/holds 1 migration\(s\) this release does not have \(app\/29990101000000_future\.sql\).*DB_ALLOW_NEWER_SCHEMA=true/);
    expect(await migrate(db, sources(), { allowNewer: true })).toEqual([]);
    await db.transaction((tx) => tx.query("delete from need40_migrations.ledger where name = '29990101000000_future.sql'"));
  });

  it('normalises comments and whitespace only, keeping literals and function bodies exact', () => {
    expect(normaliseSql("-- why\ncreate  table t (\n  id int -- key\n, s text default 'a  -- b' /* c /* nested */ */);")).toBe(
      "create table t ( id int , s text default 'a  -- b' );",
    );
    expect(normaliseSql("select $f$\n  begin -- step\n    raise 'x  y';\n  end $f$, E'it\\'s  --', \"A  b\"")).toBe(
      "select $f$begin raise 'x  y'; end$f$, E'it\\'s  --', \"A  b\"",
    );
    expect(normaliseSql('select $1::int')).toBe('select $1::int');
  });
});

describe('data directory lock', () => {
  const dirWith = (holder: object | string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-lock-'));
    fs.writeFileSync(path.join(dir, 'need40.lock'), typeof holder === 'string' ? holder : JSON.stringify(holder));
    return dir;
  };
  const mine = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-lock-'));
    const release = lockDataDir(dir);
    const held = JSON.parse(fs.readFileSync(path.join(dir, 'need40.lock'), 'utf8')) as Record<string, unknown>;
    release();
    return held;
  };

  it('takes over the lock of a crashed pid 1 when the restarted backend is pid 1 again (pid reuse)', () => {
    const dir = dirWith({ ...mine(), start: '1', token: 'old' });
    lockDataDir(dir)();
    // An older release's lock file held a bare pid: ours, left by our predecessor.
    lockDataDir(dirWith(String(process.pid)))();
  });

  it('waits out a holder it cannot check (another container) until its heartbeat is stale', () => {
    const other = { ...mine(), host: 'another-container', pidns: 'pid:[1]', token: 'theirs' };
    const dir = dirWith(other);
    try {
      lockDataDir(dir);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).retryAfterMs).toBeGreaterThan(50_000);
      expect((error as Error).message).toMatch(/in use by another backend process \(pid \d+ on another-container, seen 0 s ago\)/);
    }
    const old = new Date(Date.now() - 61_000);
    fs.utimesSync(path.join(dir, 'need40.lock'), old, old);
    lockDataDir(dir)();
  });
});

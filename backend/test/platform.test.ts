import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError, DEV_JWT_SECRET } from '../src/config';
import { lockDataDir, DataDirLockedError } from '../src/db/lock';
import { migrate, MigrationError } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { startTestBackend, type TestBackend } from './harness';

let backend: TestBackend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

describe('configuration', () => {
  it('has working development defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(54321);
    expect(c.database).toBe('pglite');
    expect(c.JWT_SECRET).toBe(DEV_JWT_SECRET);
  });

  it('lists every bad variable by name', () => {
    try {
      loadConfig({ PORT: 'abc', JWT_SECRET: 'short', SITE_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      expect(text).toContain('PORT');
      expect(text).toContain('JWT_SECRET');
      expect(text).toContain('SITE_URL');
    }
  });

  it('refuses the development secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: the development secret is public/);
  });

  it('.env.example loads in sh as the README says, is a valid configuration and names every variable', () => {
    const file = path.join(import.meta.dirname, '..', '.env.example');
    const text = fs.readFileSync(file, 'utf8');
    // `set -a; . file` is how the README loads it; every value must survive the shell (quotes, < >).
    const loaded = spawnSync('sh', ['-c', 'set -a; . "$0"; set +a; "$1" -e "process.stdout.write(JSON.stringify(process.env))"', file, process.execPath], {
      encoding: 'utf8',
      env: {},
    });
    expect(loaded.stderr).toBe('');
    const env = JSON.parse(loaded.stdout) as Record<string, string>;
    const set = Object.fromEntries(Object.entries(env).filter(([k]) => new RegExp(`^${k}=`, 'm').test(text)));
    expect(set.MAIL_FROM).toBe('Need40 <no-reply@need40.local>');
    const config = loadConfig(set);
    expect(config.warnings).toEqual([]);
    const named = new Set(text.match(/\b[A-Z][A-Z0-9_]+(?==)/g));
    const variables = Object.keys(loadConfig({})).filter((k) => /^[A-Z][A-Z0-9_]+$/.test(k));
    for (const v of [...variables, 'DATABASE_URL', 'DB_MAX_ROWS', 'SMTP_URL', 'OAUTH_PROVIDERS', 'TRUST_PROXY', 'METRICS_TOKEN']) expect(named, v).toContain(v);
  });

  it('chooses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@h/db' }).database).toBe('postgres');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});

describe('data directory lock', () => {
  it('refuses a second holder and frees on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  it('takes over a stale lock left by a dead process, holds it, and frees it on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-lock-'));
    const lockFile = path.join(dir, 'need40.lock');
    // The pid of a process that has certainly exited: one we ran to completion.
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    fs.writeFileSync(lockFile, String(dead));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});

describe('migrations', () => {
  it('applies each file once and refuses an edited one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-mig-'));
    fs.writeFileSync(path.join(dir, '001_a.sql'), 'create table t (id int);');
    const db = await openPglite(':memory:');
    try {
      const sources = [{ scope: 'x', dir }];
      expect(await migrate(db, sources)).toEqual(['x/001_a.sql']);
      expect(await migrate(db, sources)).toEqual([]);
      fs.writeFileSync(path.join(dir, '001_a.sql'), 'create table t (id bigint);');
      await expect(migrate(db, sources)).rejects.toThrow(MigrationError);
      await expect(migrate(db, sources)).rejects.toThrow(/was edited after it was applied/);
    } finally {
      await db.close();
    }
    // A fresh in-memory PGlite takes 20–30 s to open on a busy two-core machine.
  }, 120_000);
});

describe('http', () => {
  it('answers /health and CORS preflight with what supabase-js needs', async () => {
    backend = await startTestBackend();
    const health = await fetch(`${backend.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    const pre = await fetch(`${backend.url}/rest/v1/gigs`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey,authorization,prefer,range,accept-profile' },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-headers')).toContain('prefer');
  });
});

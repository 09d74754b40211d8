/**
 * What `pnpm compat:suites` needs to run postgrest-js's and auth-js's own test suites against this
 * backend: the suites' sources out of a supabase-js checkout, their test tools, and for each suite
 * the settings its own configuration gives PostgREST or GoTrue (supabase/config.toml and the
 * schema its migrations create), translated into this backend's environment variables.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The test tools the suites' package.json files name (supabase-js's pnpm catalog), pinned. */
const TOOLS: Record<string, string> = {
  jest: '30.4.2', 'ts-jest': '29.4.15', '@jest/types': '30.5.1', '@jest/test-sequencer': '30.4.1', '@types/jest': '30.0.0',
  '@types/node': '20.19.9', typescript: '5.8.3', prettier: '3.10.1', tslib: '2.8.1', zod: '3.25.76', 'type-fest': '4.41.0',
  '@faker-js/faker': '9.9.0', jsonwebtoken: '9.0.3', '@types/jsonwebtoken': '8.5.9', 'jest-environment-jsdom': '30.4.1', 'jest-mock-server': '0.1.0',
};

/**
 * The suites' sources (packages/core/{postgrest-js,auth-js}) at `rev` of a supabase-js repository
 * (a checkout or a bare git directory), taken afresh under `work` (their URLs are rewritten for
 * each run), and their tools, installed once. Returns the commit.
 */
export function prepareWorkdir(work: string, repo: string, rev: string): string {
  const gitDir = fs.existsSync(path.join(repo, '.git')) ? path.join(repo, '.git') : repo;
  const commit = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', rev], { encoding: 'utf8' }).trim();
  fs.rmSync(path.join(work, 'packages'), { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const archive = spawnSync('git', ['--git-dir', gitDir, 'archive', commit, 'packages/core/postgrest-js', 'packages/core/auth-js', 'tsconfig.base.json'], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-C', work], { input: archive.stdout });
  const pkg = path.join(work, 'package.json');
  const wanted = JSON.stringify({ name: 'compat-suites', private: true, devDependencies: TOOLS }, null, 2);
  if (!fs.existsSync(pkg) || fs.readFileSync(pkg, 'utf8') !== wanted || !fs.existsSync(path.join(work, 'node_modules', '.bin', 'jest'))) {
    fs.writeFileSync(pkg, wanted);
    console.error('[suites] installing the suites\' test tools (npm, once)');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: work, stdio: 'inherit' });
  }
  return commit;
}

/** Replace every `from` with `to` in the files under `dir` that contain it (the suites' hard-wired URLs). */
export function rewriteUrls(dir: string, from: RegExp, to: string): void {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|js)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(from, to);
    if (next !== text) fs.writeFileSync(file, next);
  }
}

export interface SuiteSetup {
  name: 'postgrest-js' | 'auth-js';
  /** The package directory (the jest root). */
  dir: string;
  /** Environment of the backend: the suite's PostgREST / GoTrue settings under this backend's names. */
  env: Record<string, string>;
  /** The app migrations directory: the schema and seed the suite's database is made of. */
  appMigrations: string;
  /** jest options besides the defaults (testMatch, ignore patterns, environment). */
  jest: Record<string, unknown>;
  /** Added to a request that has no apikey, with this key: the local gateway lets those through as anon. */
  anonKey: string;
}

/**
 * postgrest-js: the schema and seed of test/supabase (migrations/*.sql, seed.sql) as the app's
 * migrations; config.toml's `[api]` (schemas public and personal, max_rows 1000) and the
 * `pgrst.*` role settings its schema sets (aggregates on, db-tx-end commit-allow-override).
 * PostGIS, when the server has none, is replaced by a text column (only the geojson test reads it).
 */
export function postgrestSetup(work: string, anonKey: string, hasPostgis: boolean): SuiteSetup {
  const dir = path.join(work, 'packages/core/postgrest-js');
  const sb = path.join(dir, 'test/supabase');
  const app = path.join(work, 'app-migrations-postgrest');
  fs.rmSync(app, { recursive: true, force: true });
  fs.mkdirSync(app);
  for (const name of fs.readdirSync(path.join(sb, 'migrations')).sort()) {
    let sql = fs.readFileSync(path.join(sb, 'migrations', name), 'utf8');
    // Role settings of PostgREST's authenticator: this backend takes them as configuration (env below).
    sql = sql.replace(/^alter role authenticator set pgrst\.[^\n]*$/gim, '-- (configuration: see the backend environment)');
    if (!hasPostgis) {
      sql = sql.replace(/^create extension if not exists postgis[^\n]*$/gim, '-- postgis is not installed on this server');
      sql = sql.replace(/extensions\.geometry\(POINT, 4326\)/g, 'text');
    }
    fs.writeFileSync(path.join(app, `1_${name}`), sql);
  }
  // Hosted Supabase grants the API roles every table, sequence and function of public by default.
  fs.writeFileSync(path.join(app, '2_grants.sql'), [
    'grant usage on schema public to anon, authenticated, service_role;',
    'grant all on all tables in schema public to anon, authenticated, service_role;',
    'grant all on all sequences in schema public to anon, authenticated, service_role;',
    'grant execute on all functions in schema public to anon, authenticated, service_role;',
    'grant usage on schema personal to service_role;',
    'grant all on all tables in schema personal to service_role;',
  ].join('\n'));
  fs.copyFileSync(path.join(sb, 'seed.sql'), path.join(app, '3_seed.sql'));
  return {
    name: 'postgrest-js',
    dir,
    appMigrations: app,
    anonKey,
    env: { REST_DB_SCHEMAS: 'public,personal', DB_MAX_ROWS: '1000', REST_AGGREGATES_ENABLED: 'true', DB_TX_END: 'commit-allow-override' },
    jest: {
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testSequencer: '<rootDir>/test/testSequencer.js',
      maxWorkers: 1,
      testTimeout: 30000,
    },
  };
}

/**
 * auth-js: test/supabase/config.toml's `[auth]` — the secret, the RS256 signing key the suite
 * generates (test/generate-signing-keys.js), site and redirect URLs, sign-ups confirmed at once,
 * anonymous sign-ins, passkeys and WebAuthn on for localhost:5173, Google enabled, its rate
 * limits — and no app schema. The suite's unit tests run too (they need no server).
 */
export function authSetup(work: string, port: number): SuiteSetup {
  const dir = path.join(work, 'packages/core/auth-js');
  const keys = path.join(dir, 'test/supabase/signing_keys.json');
  if (!fs.existsSync(keys)) execFileSync(process.execPath, ['test/generate-signing-keys.js'], { cwd: dir, stdio: 'ignore' });
  const signingKey = (JSON.parse(fs.readFileSync(keys, 'utf8')) as object[])[0]!;
  const app = path.join(work, 'app-migrations-auth');
  fs.rmSync(app, { recursive: true, force: true });
  fs.mkdirSync(app);
  // No app schema, but the backend refuses to start without app migrations (a release that lost
  // them): one that does nothing.
  fs.writeFileSync(path.join(app, '20000101000000_no_app_schema.sql'), '-- The auth-js suite runs with no app schema.\nselect 1;\n');
  return {
    name: 'auth-js',
    dir,
    appMigrations: app,
    anonKey: '',
    env: {
      JWT_SECRET: 'super-secret-jwt-token-with-at-least-32-characters-long',
      JWT_SIGNING_KEY: JSON.stringify(signingKey),
      JWT_EXPIRY: '3600',
      API_EXTERNAL_URL: `http://127.0.0.1:${port}`,
      SITE_URL: 'http://127.0.0.1:3000',
      ADDITIONAL_REDIRECT_URLS: 'https://127.0.0.1:3000,http://localhost:5173',
      REFRESH_TOKEN_REUSE_INTERVAL: '10',
      MAILER_AUTOCONFIRM: 'true',
      SECURE_PASSWORD_CHANGE: 'false',
      ENABLE_ANONYMOUS_SIGN_INS: 'true',
      MFA_WEB_AUTHN_ENROLL_ENABLED: 'true',
      MFA_WEB_AUTHN_VERIFY_ENABLED: 'true',
      PASSKEY_ENABLED: 'true',
      // [auth.oauth_server] enabled = true; enable_manual_linking = false (GoTrue's default too).
      OAUTH_SERVER_ENABLED: 'true',
      SECURITY_MANUAL_LINKING_ENABLED: 'false',
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_RP_ORIGINS: 'http://localhost:5173',
      WEBAUTHN_RP_DISPLAY_NAME: 'auth-js tests',
      OAUTH_PROVIDERS: 'google',
      OAUTH_GOOGLE_CLIENT_ID: '53566906701-bmhc1ndue7hild39575gkpimhs06b7ds.apps.googleusercontent.com',
      OAUTH_GOOGLE_CLIENT_SECRET: 'not-used-by-the-suite',
      OAUTH_GOOGLE_AUTHORIZE_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
      OAUTH_GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token',
      OAUTH_GOOGLE_USERINFO_URL: 'https://openidconnect.googleapis.com/v1/userinfo',
      RATE_LIMIT_EMAIL_SENT: '100',
      RATE_LIMIT_ANONYMOUS_PER_IP: '100',
      RATE_LIMIT_TOKEN_REFRESH_PER_IP: '300',
      RATE_LIMIT_SIGN_IN_PER_IP: '100',
      RATE_LIMIT_SIGN_UP_PER_IP: '100',
      RATE_LIMIT_VERIFY_PER_IP: '100',
      RATE_LIMIT_OTP_PER_IP: '100',
      RATE_LIMIT_RECOVER_PER_IP: '100',
      RATE_LIMIT_PASSKEY: '1000',
    },
    jest: {
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/docker-tests/', '/example/'],
      maxWorkers: 1,
      testTimeout: 30000,
    },
  };
}

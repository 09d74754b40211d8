/**
 * The backend's configuration: one typed object, built once at start from environment variables,
 * with defaults for local development. Every problem is listed at once, naming the variable.
 * Production (NODE_ENV=production) refuses the well-known development secret and keys.
 *
 * @example
 *   const config = loadConfig(process.env);   // throws ConfigError listing every bad variable
 */
import { z } from 'zod';
import { databaseUrlProblem, productionProblems, unknownVariables } from './config-checks';
import { parseOAuthProviders, type OAuthProviderConfig } from './config-oauth';
import { REALTIME_CONFIG } from './config-realtime';
import { parseTrustProxy, type TrustProxy } from './config-proxy';
import { parseWebAuthn, type WebAuthnConfig } from './config-webauthn';
import { parseStorage, storageEnv, type StorageConfig } from './config-storage';
import { parseSigningKey } from './security/jwt-keys';
import { jwtSecretWeakness } from './security/secret-strength';
import { parseSqlJobs, type SqlJob } from './jobs/sql-job-spec';
import { loadMailTemplates, type MailTemplates } from './auth/mail-templates';

export { DEV_ANON_KEY, DEV_JWT_SECRET, DEV_SERVICE_ROLE_KEY, DEFAULT_APP_SERVER, DEFAULT_MIGRATION_DIRS, REPO_ROOT } from './config-defaults';
import { DEV_ANON_KEY, DEV_JWT_SECRET, DEV_SERVICE_ROLE_KEY, DEFAULT_APP_SERVER, DEFAULT_DATA_DIR, DEFAULT_MAIL_TEMPLATES_DIR, DEFAULT_MIGRATION_DIRS } from './config-defaults';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.url({ message: 'must be a URL' });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: int(0, 65535).default(54321),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which peers are reverse proxies whose X-Forwarded-* headers are believed (config-proxy.ts). */
  TRUST_PROXY: z.string().optional(),
  /** GET /metrics needs `Authorization: Bearer <this>` when set (16+ characters). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),

  DATABASE_URL: z.string().optional(),
  /**
   * Migrations run over this connection when set (a role that owns the schema), the requests over
   * DATABASE_URL (a role with only the privileges they need: docs/operations.md).
   */
  DATABASE_MIGRATION_URL: z.string().optional(),
  DB_POOL_MAX: int(1, 500).default(10),
  /**
   * Start even though the database holds migrations this release does not have (a rollback of the
   * code onto a database a newer release upgraded, when those migrations are compatible).
   */
  DB_ALLOW_NEWER_SCHEMA: bool.default(false),
  /** The platform's migrations (roles, the auth schema) and the app's (supabase/migrations). */
  PLATFORM_MIGRATIONS_DIR: z.string().min(1).default(DEFAULT_MIGRATION_DIRS.platform),
  APP_MIGRATIONS_DIR: z.string().min(1).default(DEFAULT_MIGRATION_DIRS.app),
  /**
   * The app's server module: a file whose default export is the extension (or a list of them) that
   * adds the app's routes and background jobs to the platform (extensions/types.ts) — the app's
   * code beside its SQL, as APP_MIGRATIONS_DIR is. `none` runs the platform alone.
   */
  APP_SERVER: z.string().min(1).default(DEFAULT_APP_SERVER),
  /** PGlite data directory; ":memory:" keeps everything in memory (tests). */
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  /**
   * /rest/v1 on PostgreSQL: the longest a request's statements may run (statement_timeout, set
   * local to its transaction); past it the request answers 400 57014. PGlite has no statement
   * timeout: there the static bounds of rest/cost.ts keep each request short.
   */
  DB_STATEMENT_TIMEOUT_MS: int(100, 600_000).default(5000),
  /** /rest/v1: the most rows one read returns (PostgREST's db-max-rows); unset means no limit. */
  DB_MAX_ROWS: int(1, 10_000_000).optional(),
  /**
   * /rest/v1: how each request's transaction ends (PostgREST's db-tx-end): commit, rollback, or
   * either with `-allow-override` so that `Prefer: tx=commit|rollback` may choose.
   */
  DB_TX_END: z.enum(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override']).default('commit'),
  /**
   * /rest/v1: aggregates in select (`count()`, `col.sum()`…; PostgREST's db-aggregates-enabled).
   * On here; PostgREST and hosted Supabase default to off (PGRST123), so set it to false to match.
   */
  REST_AGGREGATES_ENABLED: bool.default(true),
  /**
   * /rest/v1: the exposed schemas, comma-separated (PostgREST's db-schemas). The first is the
   * default; Accept-Profile (reads) and Content-Profile (writes) pick another; any other is PGRST106.
   */
  REST_DB_SCHEMAS: z.string().regex(/^\s*[a-z_][a-z0-9_]{0,62}\s*(,\s*[a-z_][a-z0-9_]{0,62}\s*)*$/, 'comma-separated schema names').default('public'),

  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_JWT_SECRET),
  JWT_EXPIRY: int(10, 7 * 24 * 3600).default(3600),
  /**
   * Optional asymmetric signing key for access tokens (a private JWK, EC P-256 → ES256 or RSA →
   * RS256), published at /auth/v1/.well-known/jwks.json. Unset: access tokens are HS256.
   */
  JWT_SIGNING_KEY: z.string().optional(),
  ANON_KEY: z.string().min(1).default(DEV_ANON_KEY),
  SERVICE_ROLE_KEY: z.string().min(1).default(DEV_SERVICE_ROLE_KEY),

  SITE_URL: url.default('http://localhost:3000'),
  /** Comma-separated extra redirect URLs allowed after email links and OAuth. */
  ADDITIONAL_REDIRECT_URLS: z.string().default(''),
  API_EXTERNAL_URL: url.default('http://localhost:54321'),
  /** Comma-separated browser origins allowed by CORS; "*" for any. */
  CORS_ORIGINS: z.string().default('*'),

  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Need40 <no-reply@need40.local>'),
  /** A folder of auth mail templates overriding the built-in words (auth/mail-templates.ts). */
  MAIL_TEMPLATES_DIR: z.string().min(1).optional(),
  MAILER_AUTOCONFIRM: bool.default(false),
  /**
   * The development mailbox answers loopback requests only; with this key (16+ characters) it
   * also answers `?key=…` from elsewhere (e.g. a browser outside the backend's container).
   */
  DEV_MAILBOX_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  DISABLE_SIGNUP: bool.default(false),
  /** signInAnonymously (POST /signup without email or phone); off → 422 anonymous_provider_disabled. */
  ENABLE_ANONYMOUS_SIGN_INS: bool.default(false),
  /**
   * PUT /user {password} from a session signed in more than 24 hours ago needs a nonce from
   * GET /reauthenticate (GoTrue's secure password change).
   */
  SECURE_PASSWORD_CHANGE: bool.default(true),

  // Auth (/auth/v1). OAuth providers: OAUTH_PROVIDERS=name,… plus OAUTH_<NAME>_* (config-oauth.ts).
  /** Seconds a revoked refresh token may be reused (concurrent tabs) and get the current child. */
  REFRESH_TOKEN_REUSE_INTERVAL: int(0, 3600).default(10),
  /** Seconds an email link (confirmation, recovery, email change) stays valid. */
  MAILER_OTP_EXP: int(60, 7 * 24 * 3600).default(86400),
  /** Rate limits: requests per RATE_LIMIT_WINDOW seconds, per client IP or per email address. */
  RATE_LIMIT_WINDOW: int(1, 24 * 3600).default(300),
  RATE_LIMIT_SIGN_IN_PER_IP: int(1, 1_000_000).default(100),
  /** Wrong passwords per address (all IPs), after which only IPs that have not failed on it are heard. */
  RATE_LIMIT_SIGN_IN_PER_EMAIL: int(1, 1_000_000).default(20),
  /** Wrong passwords per IP and address. */
  RATE_LIMIT_SIGN_IN_PER_IP_EMAIL: int(1, 1_000_000).default(10),
  RATE_LIMIT_SIGN_UP_PER_IP: int(1, 1_000_000).default(100),
  /** Anonymous sign-ins per IP and window (GoTrue: 30 an hour). */
  RATE_LIMIT_ANONYMOUS_PER_IP: int(1, 1_000_000).default(30),
  /** POST /otp (magic links and email codes) per IP and window; the per-address mail limit applies too. */
  RATE_LIMIT_OTP_PER_IP: int(1, 1_000_000).default(100),
  RATE_LIMIT_VERIFY_PER_IP: int(1, 1_000_000).default(100),
  /** Six-digit email codes tried (verifyOtp with a code) per IP, and per address from everywhere: past either, 429; links still work. */
  RATE_LIMIT_OTP_CODE_PER_IP: int(1, 1_000_000).default(30),
  RATE_LIMIT_OTP_CODE_PER_EMAIL: int(1, 1_000_000).default(5),
  RATE_LIMIT_RECOVER_PER_IP: int(1, 1_000_000).default(100),
  RATE_LIMIT_TOKEN_REFRESH_PER_IP: int(1, 1_000_000).default(1000),
  /** Emails (confirmation, recovery) sent to one address per RATE_LIMIT_WINDOW. */
  RATE_LIMIT_EMAIL_SENT: int(1, 1_000_000).default(10),
  /** MFA: POST /factors/{id}/verify calls per RATE_LIMIT_WINDOW, per client IP and per factor. */
  RATE_LIMIT_MFA_VERIFY_PER_IP: int(1, 1_000_000).default(30),
  RATE_LIMIT_MFA_VERIFY_PER_FACTOR: int(1, 1_000_000).default(15),
  /** Wrong codes one MFA challenge survives; then it is dead and the client must make a new one. */
  MFA_CHALLENGE_MAX_ATTEMPTS: int(1, 100).default(5),
  /** WebAuthn second factors (GoTrue's GOTRUE_MFA_WEB_AUTHN_*); off → 422 mfa_webauthn_*_not_enabled. */
  MFA_WEB_AUTHN_ENROLL_ENABLED: bool.default(false),
  MFA_WEB_AUTHN_VERIFY_ENABLED: bool.default(false),
  /**
   * linkIdentity / unlinkIdentity (GET /user/identities/authorize, DELETE /user/identities/{id}),
   * GoTrue's GOTRUE_SECURITY_MANUAL_LINKING_ENABLED, off by default as there; off → 404
   * manual_linking_disabled.
   */
  SECURITY_MANUAL_LINKING_ENABLED: bool.default(false),
  /**
   * GoTrue's OAuth 2.1 server switch (GOTRUE_OAUTH_SERVER_ENABLED): here only its client registry,
   * /admin/oauth/clients (auth/admin-oauth-clients.ts); off → 404 feature_disabled.
   */
  OAUTH_SERVER_ENABLED: bool.default(false),
  /** Passkey sign-in (GoTrue's /passkeys routes, GOTRUE_PASSKEY_*); off → 404 passkey_disabled. */
  PASSKEY_ENABLED: bool.default(false),
  PASSKEY_MAX_PASSKEYS_PER_USER: int(1, 100).default(10),
  /** Passkey ceremonies started and answered per IP and RATE_LIMIT_WINDOW (GoTrue: 30 per 5 minutes). */
  RATE_LIMIT_PASSKEY: int(1, 1_000_000).default(30),
  /**
   * /browser/v1 (browser error reports and canary page loads): reports one client address may send
   * per minute, and all clients together per minute to one backend process (a flood from many
   * addresses stops there, before the database), and how many days reports are kept.
   */
  BROWSER_REPORTS_PER_MINUTE: int(1, 100_000).default(30),
  BROWSER_REPORTS_PER_MINUTE_TOTAL: int(1, 1_000_000).default(3000),
  BROWSER_REPORTS_KEEP_DAYS: int(1, 3650).default(14),
  /** The WebAuthn relying party (config-webauthn.ts): host name, allowed origins, display name; defaults from SITE_URL. */
  WEBAUTHN_RP_ID: z.string().max(253).optional(),
  WEBAUTHN_RP_ORIGINS: z.string().max(4096).optional(),
  WEBAUTHN_RP_DISPLAY_NAME: z.string().optional(),

  /**
   * Scheduled SQL jobs (jobs/sql-jobs.ts), as pg_cron runs them on hosted Supabase:
   * `schema.function@seconds, …` (each function takes the runner's time), or `off`. Unset: the
   * jobs the APP_SERVER extensions ask for (extensions/types.ts).
   */
  SQL_JOBS: z.string().optional(),
  /** /_dev/clock (loopback only): tests move the time the SQL jobs see. Refused in production. */
  DEV_CLOCK: bool.default(false),

  // Realtime (/realtime/v1): connections, channels, joins, events and bindings (config-realtime.ts).
  ...REALTIME_CONFIG,
  /**
   * GoTrue's custom access token hook (auth/access-token-hook.ts): a SQL function, named as
   * pg-functions://postgres/<schema>/<function>, that may change the claims of every access token.
   */
  HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: bool.default(false),
  HOOK_CUSTOM_ACCESS_TOKEN_URI: z.string().regex(/^pg-functions:\/\/[^/]+\/[a-z_][a-z0-9_]*\/[a-z_][a-z0-9_]*$/, 'must be pg-functions://postgres/<schema>/<function>').optional(),


  // Storage (/storage/v1): config-storage.ts.
  ...storageEnv,

});

export type EnvConfig = z.infer<typeof schema>;

export interface Config extends EnvConfig {
  isProduction: boolean;
  additionalRedirectUrls: string[];
  corsOrigins: string[] | '*';
  /** 'postgres' when DATABASE_URL is set, else 'pglite'. */
  database: 'postgres' | 'pglite';
  /** OAuth providers from OAUTH_PROVIDERS and OAUTH_<NAME>_*. */
  oauthProviders: OAuthProviderConfig[];
  /** The WebAuthn relying party of MFA webauthn factors. */
  webauthn: WebAuthnConfig;
  /** Every variable given (empty ones left out): an extension reads its own settings here (extensions/types.ts). */
  env: Readonly<Record<string, string>>;
  /** SQL_JOBS, parsed; null when unset (the extensions' jobs then). */
  sqlJobs: SqlJob[] | null;
  /** The auth mails' templates (the built-in files with MAIL_TEMPLATES_DIR's laid over them), read and checked at start. */
  mailTemplates: MailTemplates;
  /** TRUST_PROXY compiled: which peers' X-Forwarded-* headers count (false: none). */
  trustProxy: TrustProxy;
  /** Variables that look like settings but are not read (main.ts logs them at start). */
  warnings: string[];
  /** Where /storage/v1 keeps object bytes (the directory or S3). */
  storage: StorageConfig;
}

/** Every variable the schema reads (unknown-variable warnings compare against these). */
const KNOWN = new Set([...Object.keys(schema.shape), 'OAUTH_PROVIDERS']);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const c = parsed.data;
  const { providers: oauthProviders, problems } = parseOAuthProviders(raw);
  const { webauthn, problems: webauthnProblems } = parseWebAuthn(raw, c.SITE_URL);
  problems.push(...webauthnProblems);
  const { trustProxy, problem: proxyProblem } = parseTrustProxy(c.TRUST_PROXY);
  if (proxyProblem) problems.push(proxyProblem);
  const dbProblem = c.DATABASE_URL ? databaseUrlProblem(c.DATABASE_URL) : null;
  if (dbProblem) problems.push(dbProblem);
  const migrationDbProblem = c.DATABASE_MIGRATION_URL ? databaseUrlProblem(c.DATABASE_MIGRATION_URL) : null;
  if (migrationDbProblem) problems.push(migrationDbProblem.replace('DATABASE_URL', 'DATABASE_MIGRATION_URL'));
  if (c.DATABASE_MIGRATION_URL && !c.DATABASE_URL) problems.push('DATABASE_MIGRATION_URL: set DATABASE_URL too (the connection requests use)');
  if (c.HOOK_CUSTOM_ACCESS_TOKEN_ENABLED && !c.HOOK_CUSTOM_ACCESS_TOKEN_URI) problems.push('HOOK_CUSTOM_ACCESS_TOKEN_URI: required when HOOK_CUSTOM_ACCESS_TOKEN_ENABLED is true');
  const { storage, problems: storageProblems } = parseStorage(c);
  problems.push(...storageProblems);
  if (c.JWT_SIGNING_KEY) {
    try {
      parseSigningKey(c.JWT_SIGNING_KEY);
    } catch (error) {
      problems.push(`JWT_SIGNING_KEY: ${(error as Error).message}`);
    }
  }
  let mailTemplates = {} as MailTemplates;
  try {
    mailTemplates = loadMailTemplates(DEFAULT_MAIL_TEMPLATES_DIR, c.MAIL_TEMPLATES_DIR);
  } catch (error) {
    problems.push(`MAIL_TEMPLATES_DIR: ${(error as Error).message}`);
  }
  let sqlJobs: SqlJob[] | null = null;
  try {
    if (c.SQL_JOBS !== undefined) sqlJobs = parseSqlJobs(c.SQL_JOBS);
  } catch (error) {
    problems.push(`SQL_JOBS: ${(error as Error).message}`);
  }
  if (c.NODE_ENV === 'production') {
    if (c.DEV_CLOCK) problems.push('DEV_CLOCK: must be false in production (it lets a local client move the time of the SQL jobs)');
    if (c.JWT_SECRET === DEV_JWT_SECRET) problems.push('JWT_SECRET: the development secret is public; set your own (pnpm --filter backend keys)');
    else {
      const weakness = jwtSecretWeakness(c.JWT_SECRET);
      if (weakness) problems.push(`JWT_SECRET: production needs at least 32 random bytes as hex or base64 (pnpm --filter backend keys makes one): ${weakness}`);
    }
    if (c.ANON_KEY === DEV_ANON_KEY) problems.push('ANON_KEY: the development anon key is public; sign one with your JWT_SECRET (pnpm --filter backend keys)');
    if (c.SERVICE_ROLE_KEY === DEV_SERVICE_ROLE_KEY) problems.push('SERVICE_ROLE_KEY: the development service key is public; sign one with your JWT_SECRET');
    if (c.MAILER_AUTOCONFIRM) problems.push('MAILER_AUTOCONFIRM: must be false in production');
    if (!c.SMTP_URL) problems.push('SMTP_URL: production needs a real mail server for confirmation and recovery mail');
    problems.push(...productionProblems(c, raw, KNOWN));
  }
  if (problems.length) throw new ConfigError(problems);
  const origins = list(c.CORS_ORIGINS);
  return {
    ...c,
    env: raw as Record<string, string>,
    isProduction: c.NODE_ENV === 'production',
    additionalRedirectUrls: list(c.ADDITIONAL_REDIRECT_URLS),
    corsOrigins: origins.includes('*') ? '*' : origins,
    database: c.DATABASE_URL ? 'postgres' : 'pglite',
    oauthProviders,
    webauthn,
    sqlJobs,
    mailTemplates,
    trustProxy,
    warnings: unknownVariables(raw, KNOWN),
    storage,
  };
}

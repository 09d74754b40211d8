/**
 * GET /health/ready: may this instance take traffic? Beside the liveness /health (the process
 * answers), readiness checks what a working backend needs, each bounded by CHECK_TIMEOUT_MS:
 *   database    a transaction runs (`select 1`)
 *   migrations  every migration file of this release is applied and unedited (ledger.ts); a
 *               database ahead of this release (a newer instance upgraded it) stays ready and
 *               says so, so a rolling upgrade does not take the old instances out
 *   keys        ANON_KEY and SERVICE_ROLE_KEY verify against JWT_SECRET (security/project-keys.ts)
 *   smtp        the mail server accepts a connection (when SMTP_URL is set; cached SMTP_CACHE_MS so
 *               that probes of several instances do not open a connection each)
 * 200 {status: 'ready', checks} or 503 {status: 'not_ready', checks}; each check is 'ok' or a
 * short reason. Details go to the log, not to the answer (nginx keeps this path internal anyway).
 */
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { compareLedger, readLedger } from '../db/ledger';
import { migrationSources } from '../db/migrate';
import { readMigrations, type MigrationFile } from '../db/migration-files';
import { projectKeyProblems } from '../security/project-keys';

export const CHECK_TIMEOUT_MS = 2000;
export const SMTP_CACHE_MS = 30_000;

type Check = () => Promise<string>;

const within = (check: Check, ms: number): Promise<string> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
};

export function registerReadiness(app: FastifyInstance): void {
  const { config, db, now } = app.services;
  let files: MigrationFile[] | undefined;
  let smtp: { at: number; result: string } | undefined;

  const checks: Record<string, Check> = {
    database: async () => (await db.transaction((tx) => tx.query('select 1'), { readOnly: true }), 'ok'),
    migrations: async () => {
      files ??= readMigrations(migrationSources(config));
      const ledger = compareLedger(files, await db.transaction(readLedger, { readOnly: true }));
      if (ledger.edited.length) return `edited: ${ledger.edited.map((e) => e.file.name).join(', ')}`;
      if (ledger.pending.length) return `${ledger.pending.length} pending`;
      return ledger.unknown.length ? `ok (the database has ${ledger.unknown.length} newer)` : 'ok';
    },
    keys: async () => {
      const names = (await projectKeyProblems(config, now())).map((p) => p.split(':')[0]);
      return names.length ? `${names.join(', ')} ${names.length > 1 ? 'do' : 'does'} not verify` : 'ok';
    },
    smtp: async () => {
      if (!config.SMTP_URL) return 'not configured';
      if (smtp && now() - smtp.at < SMTP_CACHE_MS) return smtp.result;
      const transport = nodemailer.createTransport(config.SMTP_URL, { connectionTimeout: CHECK_TIMEOUT_MS, greetingTimeout: CHECK_TIMEOUT_MS });
      const result = await transport.verify().then(
        () => 'ok',
        (error: unknown) => (app.log.warn({ err: error }, 'readiness: the SMTP server refused or did not answer'), 'unreachable'),
      );
      transport.close();
      smtp = { at: now(), result };
      return result;
    },
  };

  app.get('/health/ready', async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(
      names.map((name) =>
        within(checks[name]!, CHECK_TIMEOUT_MS).catch((error: unknown) => {
          app.log.warn({ err: error, check: name }, 'readiness check failed');
          return 'failed';
        }),
      ),
    );
    const answer = Object.fromEntries(names.map((n, i) => [n, results[i]!]));
    const ready = results.every((r) => r.startsWith('ok') || r === 'not configured');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: answer });
  });
}

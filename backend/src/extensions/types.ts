/**
 * The registration point of the platform: what a deployment adds to the backend — routes and
 * background jobs of its own app, the way a hosted Supabase project adds Edge Functions and
 * scheduled workers beside the platform it runs on. The platform (everything under backend/src)
 * knows no app table and no app URL; an extension does, and reaches the platform only through the
 * `Platform` object it is handed (made in platform.ts), so the two packages import each other in one
 * direction only (the extension imports these types).
 *
 * @example an extension module (APP_SERVER names it; its default export)
 *   const extension: BackendExtension = {
 *     name: 'need40',
 *     async register(app, platform) {
 *       await app.register(myRoutes);                                  // /functions/v1/…
 *       return [platform.pollingJob(app, 'notifications', 2000, deliverDue)]; // started by main.ts
 *     },
 *   };
 *   export default extension;
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { sendMail } from '../auth/mailer';
import type { emailsOf } from '../auth/store/users';
import type { hmacB64url } from '../auth/util';
import type { authenticate } from '../rest/request';
import type { runAs } from '../rest/run-as';
import type { Services } from '../services';

/** A background job of a deployment (an outbox deliverer, a payment worker): started after the server, stopped before it closes. */
export interface BackgroundJob {
  /** A short name (the `job` label of need40_job_rounds_total). */
  readonly name: string;
  /** Start the rounds (main.ts calls it; tests do not, they call runOnce). */
  start(): void;
  /** One round now, after the round in flight; resolves to what the round reports (tests read it). */
  runOnce(): Promise<unknown>;
  /** Stop, and wait for the round in flight. */
  stop(): Promise<void>;
}

export interface BackendExtension {
  /** Who adds it (logs). */
  readonly name: string;
  /**
   * Scheduled SQL functions the app needs (SQL_JOBS syntax, `schema.function@seconds, …`: the
   * runner of jobs/sql-jobs.ts, as pg_cron on hosted Supabase), run unless SQL_JOBS says otherwise.
   */
  readonly sqlJobs?: string;
  /**
   * Its own settings checked, from every variable the backend was given (config.env): each problem
   * names its variable. Called when the backend loads it; any problem refuses the start with the
   * backend's configuration errors (ConfigError), before a route or a job is registered.
   */
  checkConfig?(env: Readonly<Record<string, string>>, production: boolean): string[];
  /**
   * Add routes (registered after the platform's, so the platform's paths win) and return the
   * background jobs to run. Called once per app by buildApp.
   */
  register(app: FastifyInstance, platform: Platform): Promise<readonly BackgroundJob[] | void>;
}

/** The platform's functions an extension is handed at registration (platform.ts makes the object; its comment says what each does). */
export interface Platform {
  sendMail: typeof sendMail;
  emailsOf: typeof emailsOf;
  runAs: typeof runAs;
  authenticate: typeof authenticate;
  hmac: typeof hmacB64url;
  /** A background job running `round` every `intervalMs` (extensions/polling-job.ts). */
  pollingJob<T>(services: Services, log: FastifyBaseLogger, name: string, intervalMs: number, round: () => Promise<T>): BackgroundJob;
}

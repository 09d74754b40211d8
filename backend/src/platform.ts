/**
 * What the platform offers an extension (extensions/types.ts): the functions it is handed at
 * registration and the types it may import (type-only: `import type { … } from 'backend/platform'`).
 * This file is the whole surface — an extension that needs more asks for it here, so the platform's
 * insides stay free to change. The functions are the platform's own, unchanged:
 *   sendMail      an email through SMTP (SMTP_URL) or the development mailbox; throws when SMTP refuses
 *   emailsOf      account email addresses by user id (the auth store; inside the caller's transaction)
 *   runAs         a transaction as an API caller (role and claims set as /rest/v1 sets them: RLS applies)
 *   authenticate  the caller of a request from its apikey and Authorization headers (401 otherwise)
 *   hmac          a base64url HMAC-SHA256 (links that carry their own proof)
 *   pollingJob    a background job that runs a round every so often, counted in the metrics
 */
import { sendMail } from './auth/mailer';
import { emailsOf } from './auth/store/users';
import { hmacB64url } from './auth/util';
import { pollingJob } from './extensions/polling-job';
import { authenticate } from './rest/request';
import { runAs } from './rest/run-as';

import type { Platform } from './extensions/types';

export const platform: Platform = { sendMail, emailsOf, runAs, authenticate, hmac: hmacB64url, pollingJob };

export type { BackendExtension, BackgroundJob, Platform } from './extensions/types';
export type { Services } from './services';
export type { Config } from './config';
export type { Database, Tx } from './db/types';
export type { Mail, MailKind } from './auth/mailer';
export type { Caller } from './rest/request';
export type { Metrics } from './observability/metrics';

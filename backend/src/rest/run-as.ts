/**
 * SQL run by the backend's own code as a caller (the payment adapter's endpoints, its worker as the
 * service role): one transaction entered with the same scope /rest/v1 gives a request (role,
 * verified claims, method, search path; db/scope.ts), PostgreSQL's statement timeout, and database
 * errors as PostgREST errors — so a refusal in SQL (42501, PTxyz) answers as it would through REST.
 *
 * @example
 *   await runAs(services, { caller, readOnly: false, method: 'POST' }, (tx) => tx.query('select public.start_funding($1)', [id]));
 */
import { enterScope, searchPathFor } from '../db/scope';
import { isPgError } from '../db/pg-error';
import type { Tx } from '../db/types';
import type { Services } from '../services';
import { fromPgError, statementTimeout } from './errors';
import type { Caller } from './request';

export interface RunOptions {
  caller: Caller;
  readOnly: boolean;
  method: string;
  /** The path policies read as request.path (defaults to the rpc-like /rpc). */
  path?: string;
  signal?: AbortSignal;
}

export async function runAs<T>(services: Services, options: RunOptions, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const { caller, readOnly, method, signal } = options;
  const timeoutMs = services.config.DB_STATEMENT_TIMEOUT_MS;
  try {
    return await services.db.transaction(async (tx) => {
      await enterScope(tx, {
        role: caller.role,
        claims: caller.claims,
        method,
        path: options.path ?? '/rpc',
        headers: {},
        searchPath: searchPathFor('public'),
        ...(services.db.kind === 'postgres' ? { statementTimeoutMs: timeoutMs } : {}),
      });
      return fn(tx);
    }, { readOnly, signal });
  } catch (error) {
    if (isPgError(error) && error.code === '57014' && !signal?.aborted) throw statementTimeout(timeoutMs);
    if (isPgError(error)) throw fromPgError(error, caller.role);
    throw error;
  }
}

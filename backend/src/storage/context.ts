/**
 * What every /storage/v1 handler works with, and the two ways it touches the database:
 *   asCaller — one transaction with the caller's role, claims and request settings (db/scope.ts),
 *              so the app's row-level security on storage.objects and storage.buckets decides,
 *              exactly as in Supabase Storage (its `scope.ts`);
 *   internal — the backend's own connection (owner of the storage tables, so no RLS): bucket
 *              lookups and bookkeeping Supabase Storage does "as super user".
 * No transaction ever spans the transfer of bytes: a transaction is short (PGlite has one lock
 * for the whole process), the bytes stream between two of them.
 */
import type { FastifyRequest } from 'fastify';
import { enterScope, headersObject, searchPathFor } from '../db/scope';
import type { Tx } from '../db/types';
import type { Services } from '../services';
import type { StorageCaller } from './caller';
import { fromDbError } from './errors';
import type { ObjectStore } from './store/types';

export interface StorageContext {
  services: Services;
  store: ObjectStore;
  /** The local directory of the store (and of resumable uploads in progress). */
  root: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Supabase Storage's operation name (storage.operation in SQL), e.g. storage.object.upload. */
    operation?: string;
  }
}

/** Database errors become storage errors (42501 → AccessDenied…); others pass through. */
async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw fromDbError(error) ?? error;
  }
}

export interface CallerRun {
  request: FastifyRequest;
  caller: StorageCaller;
  readOnly?: boolean;
  /** Queries to run as the backend before switching to the caller (bucket lookups, locks). */
  before?: (tx: Tx) => Promise<void>;
}

/** Run `fn` in one transaction as the caller (after `before`, which runs as the backend). */
export function asCaller<T>(ctx: StorageContext, run: CallerRun, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const { request, caller } = run;
  const url = request.raw.url ?? '';
  const path = url.split('?')[0]!.replace(/^\/storage\/v1(?=\/|$)/, '') || '/';
  const settings = {
    'request.jwt.claim.role': caller.role,
    'request.jwt.claim.sub': caller.owner ?? '',
    'storage.operation': request.routeOptions.config.operation ?? '',
  };
  const statementTimeoutMs = ctx.services.db.kind === 'postgres' ? ctx.services.config.DB_STATEMENT_TIMEOUT_MS : undefined;
  return mapped(() =>
    ctx.services.db.transaction(async (tx) => {
      if (run.before) await run.before(tx);
      await enterScope(tx, { role: caller.role, claims: caller.claims, method: request.method, path, headers: headersObject(request.headers), settings, statementTimeoutMs, searchPath: searchPathFor('public') });
      return fn(tx);
    }, { readOnly: run.readOnly }),
  );
}

/** Run `fn` in one transaction as the backend itself (no row-level security). */
export function internal<T>(ctx: StorageContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return mapped(() => ctx.services.db.transaction(fn));
}

/** Thrown inside a transaction to roll back a check that passed (can the caller write this?). */
export class CheckPassed extends Error {}

/** Run a permission check as the caller and always roll it back; resolves if it passed. */
export async function checkAsCaller(ctx: StorageContext, run: CallerRun, check: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await asCaller(ctx, run, async (tx) => {
      await check(tx);
      throw new CheckPassed();
    });
  } catch (error) {
    if (!(error instanceof CheckPassed)) throw error;
  }
}

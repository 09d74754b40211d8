/**
 * PostgreSQL through a connection pool (DATABASE_URL). The scale-out path: several stateless
 * backend instances may share one database; nothing that matters lives in a process's memory.
 *
 * A transaction whose client goes away (options.signal) is not started, or its running statement
 * is canceled with pg_cancel_backend over a separate connection (the pool may be full of the very
 * queries being canceled). The connection goes back to the pool only after the cancel was
 * delivered, so a late cancel can never hit the next request's statement; PostgreSQL ignores a
 * cancel that reaches a backend waiting for its next command.
 */
import pg from 'pg';
import { listenPostgres } from './pg-listen';
import { requestText } from './request-text';
import { RequestAborted, type Database, type QueryResult, type Tx } from './types';

// Hand timestamps, numerics and JSON back as text where the REST layer renders JSON in SQL;
// int8 as a JS number would lose precision, so keep it as text too.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  pool.on('error', (error) => console.error('[db] idle client error', error));
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  let closed = false;
  /**
   * A pooled connection for one transaction, with the client-went-away handling both kinds of
   * transaction share: not started when the signal already fired, the running statement canceled
   * when it fires later, the connection back in the pool only after the cancel was delivered.
   */
  async function withClient<T>(signal: AbortSignal | undefined, fn: (client: pg.PoolClient, tx: Tx) => Promise<T>): Promise<T> {
    if (signal?.aborted) throw new RequestAborted();
    const client = await pool.connect();
    if (signal?.aborted) {
      client.release();
      throw new RequestAborted();
    }
    let canceling: Promise<void> | undefined;
    const onAbort = () => {
      canceling = cancelBackend(connectionString, (client as unknown as { processID: number }).processID);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const tx: Tx = {
      async query(sql, params) {
        if (signal?.aborted) throw new RequestAborted();
        const res = await client.query(sql, params as unknown[] | undefined);
        return { rows: res.rows, affectedRows: res.rowCount ?? 0 };
      },
      async exec(sql) {
        await client.query(sql);
      },
    };
    let broken = false;
    try {
      return await fn(client, tx);
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (canceling) await canceling;
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    transaction(fn, options) {
      return withClient(options?.signal, async (client, tx) => {
        await client.query(options?.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      });
    },
    request(unit, options) {
      return withClient(options?.signal, async (client, tx) => {
        const inside = options?.inside;
        // Simple protocol: every statement of the string runs, in order, in one round trip; the
        // first error skips the rest (the end included) and withClient rolls back.
        const started = performance.now();
        const results = (await client.query(requestText(unit, !inside))) as unknown as pg.QueryResult[];
        options?.onQueryTime?.(performance.now() - started);
        const main = results[2]!;
        const result: QueryResult<never> = { rows: main.rows as never[], affectedRows: main.rowCount ?? 0 };
        if (!inside) return result as never;
        const value = await inside(result, tx);
        await client.query(unit.end);
        return value;
      });
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen(channel, onNotify, onReconnect) {
      return listenPostgres(connectionString, channel, onNotify, onReconnect);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Cancel the statement running on backend `pid` (never throws: the statement may be done already). */
async function cancelBackend(connectionString: string, pid: number): Promise<void> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    await client.query('select pg_cancel_backend($1)', [pid]);
  } catch (error) {
    console.error('[db] could not cancel the statement of a closed request', error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

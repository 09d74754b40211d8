/**
 * PostgreSQL through a connection pool (DATABASE_URL). The scale-out path: several stateless
 * backend instances may share one database; nothing that matters lives in a process's memory.
 */
import pg from 'pg';
import { listenPostgres } from './pg-listen';
import type { Database, Tx } from './types';

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
  return {
    kind: 'postgres',
    async transaction(fn, options) {
      const client = await pool.connect();
      const tx: Tx = {
        async query(sql, params) {
          const res = await client.query(sql, params as unknown[] | undefined);
          return { rows: res.rows, affectedRows: res.rowCount ?? 0 };
        },
        async exec(sql) {
          await client.query(sql);
        },
      };
      let broken = false;
      try {
        await client.query(options?.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
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

/**
 * The one database interface the rest of the backend sees. `open.ts` decides whether it is
 * PGlite (embedded, default) or PostgreSQL (DATABASE_URL); nothing else knows.
 *
 * Every request runs inside exactly one `transaction()`: on PGlite that is the only safe way
 * (one session for the whole process; BEGIN/SET sent as separate calls would interleave
 * between concurrent requests), and on PostgreSQL it is PostgREST's execution model.
 */

export interface QueryResult<R> {
  rows: R[];
  /** Rows inserted/updated/deleted by the statement (0 for SELECT on some drivers). */
  affectedRows: number;
}

export interface Tx {
  /** One statement with $1… parameters. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /** START TRANSACTION READ ONLY (GET/HEAD). */
  readOnly?: boolean;
  /**
   * The client that asked is gone: a transaction still queued is dropped before it runs
   * (RequestAborted), and on PostgreSQL a running statement is canceled.
   */
  signal?: AbortSignal;
}

/**
 * One API request's transaction: its settings (`set_config(name, value, true)`), one statement
 * and the end, sent as ONE query string (simple protocol, several statements): one round trip to
 * PostgreSQL, one call into PGlite, instead of four (begin, settings, statement, commit). The SQL
 * carries its values as literals (rest/sql.ts `value`), so nothing needs a parameter.
 */
export interface RequestUnit {
  settings: [name: string, value: string][];
  /** One statement, without parameters. */
  sql: string;
  readOnly: boolean;
  /** How the transaction ends when nothing fails (PostgREST's db-tx-end / Prefer: tx=). */
  end: 'commit' | 'rollback';
}

export interface RequestOptions<R, T> {
  signal?: AbortSignal;
  /**
   * Runs inside the transaction with the statement's result, before it ends (the end is then a
   * second round trip): for answers that must be checked before they commit (max-affected, a
   * write that must be one row) or that need more statements. Throwing rolls everything back.
   */
  inside?: (result: QueryResult<R>, tx: Tx) => Promise<T>;
  /** Told how long the database took to answer the request's query string (Server-Timing). */
  onQueryTime?: (ms: number) => void;
}

/** The transaction was not run (or was canceled) because its client went away. */
export class RequestAborted extends Error {
  constructor() {
    super('The client closed the request; its transaction was dropped');
    this.name = 'RequestAborted';
  }
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Run `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** One API request (RequestUnit): resolves with the statement's result, or what `inside` returns. */
  request<R = Record<string, unknown>, T = QueryResult<R>>(unit: RequestUnit, options?: RequestOptions<R, T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onNotify` gets every payload NOTIFYed there after the call resolves.
   * PostgreSQL: one dedicated connection per listener, re-established after a loss (`onReconnect`
   * is called then: notifications sent while it was down are gone). Resolves to a stop function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Connections now (the metrics): PostgreSQL's pool (open, idle, requests waiting for one);
   * PGlite has one session (busy or idle) and a queue of transactions waiting for it.
   */
  stats(): { total: number; idle: number; waiting: number };
  /** Close connections and release the data-directory lock. Idempotent. */
  close(): Promise<void>;
}

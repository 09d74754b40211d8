/**
 * The bench's HTTP callers: an undici pool of keep-alive connections to the backend under test.
 * The callers run in the bench's process, beside the server they measure, so their own cost counts
 * against the same two cores and in the process's CPU figure; undici (the client load generators
 * such as autocannon use) costs a fraction of node:http's ClientRequest or fetch() per call, so
 * more of the machine, and of the figure, is the server's.
 */
import { Pool } from 'undici';

export interface Callers {
  /** POST `body` as JSON to `path` (under the base URL's path) with the member's token. */
  post(path: string, token: string, body: unknown): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export function callers(base: URL, anonKey: string, connections: number): Callers {
  const pool = new Pool(base.origin, { connections, pipelining: 1 });
  return {
    async post(path, token, body) {
      const res = await pool.request({ path: base.pathname + path, method: 'POST', body: JSON.stringify(body),
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
      return { status: res.statusCode, body: await res.body.text() };
    },
    close: () => pool.close(),
  };
}

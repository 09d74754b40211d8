/**
 * Helpers for the realtime tests: real supabase-js clients whose Realtime socket is `ws`, a way to
 * wait for a channel's status and collect what it receives, and raw Phoenix sockets for frames
 * supabase-js would never send.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import http from 'node:http';
import WebSocket from 'ws';
import type { TestBackend } from '../harness';

export interface RtClient {
  sb: SupabaseClient;
  /** The token the client acts as; change it and call `sb.realtime.setAuth()` to refresh. */
  token: { current: string };
}

/**
 * supabase-js as the app makes it, acting as `token` (the anon key when omitted). Resolves once
 * realtime-js holds the token, as in the app where a channel is subscribed after the session loads.
 */
export async function rtClient(be: TestBackend, token?: string, url = be.url, from?: string): Promise<RtClient> {
  const ref = { current: token ?? be.config.ANON_KEY };
  // `from`: another loopback address (see rawSocket), for the per-IP limits.
  const transport = from
    ? class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { localAddress: from });
      }
    }
    : WebSocket;
  const sb = createClient(url, be.config.ANON_KEY, {
    accessToken: async () => ref.current,
    // The default 25 s heartbeat: a short one times out on a loaded machine and reconnects.
    realtime: { transport: transport as never },
  });
  await sb.realtime.setAuth();
  return { sb, token: ref };
}

/** Subscribe and wait for SUBSCRIBED; any other status rejects with it. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else reject(new Error(`${status}${err ? `: ${err.message}` : ''}`));
    });
  });
}

/** A growing list with a way to wait until it holds `n` items (or a predicate holds). */
export class Inbox<T = unknown> {
  readonly items: T[] = [];
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => (w.check() ? (w.resolve(), false) : true));
  };

  until(check: (items: T[]) => boolean, timeoutMs = 15_000): Promise<T[]> {
    return new Promise((resolve, reject) => {
      if (check(this.items)) return resolve(this.items);
      const timer = setTimeout(() => reject(new Error(`timed out with ${this.items.length} items: ${JSON.stringify(this.items).slice(0, 500)}`)), timeoutMs);
      this.waiters.push({ check: () => check(this.items), resolve: () => (clearTimeout(timer), resolve(this.items)) });
    });
  }

  count(n: number, timeoutMs?: number): Promise<T[]> {
    return this.until((items) => items.length >= n, timeoutMs);
  }
}

/** Nothing more arrives in `ms` (used after an event that must NOT be delivered). */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/**
 * A raw Phoenix socket (vsn 2.0.0 arrays by default) for hand-made frames. `from`: another
 * loopback address (127.0.0.2 …), so a test of the per-IP limits is a client of its own.
 */
export async function rawSocket(be: TestBackend, query = `apikey=${be.config.ANON_KEY}&vsn=2.0.0`, from?: string): Promise<{ ws: WebSocket; inbox: Inbox<unknown>; closed: Promise<number> }> {
  const ws = new WebSocket(`${be.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`, from ? { localAddress: from } : {});
  const inbox = new Inbox<unknown>();
  ws.on('message', (data, isBinary) => inbox.push(isBinary ? data : JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, inbox, closed };
}

/** POST from another loopback address (see rawSocket's `from`): status, Retry-After and the JSON body. */
export function postFrom(from: string, url: string, headers: Record<string, string>, body: string): Promise<{ status: number; retryAfter: string | undefined; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, localAddress: from }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, json: text ? (JSON.parse(text) as unknown) : null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function closeAll(clients: RtClient[]): Promise<void> {
  await Promise.all(clients.map(async (c) => {
    await c.sb.removeAllChannels();
    c.sb.realtime.disconnect();
  }));
}

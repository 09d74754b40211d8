/**
 * The one Supabase client of the page. `createClient` is called here and nowhere else: the shell
 * and every remote share this module as a Module Federation singleton, so they share the client,
 * its session and its auth events. Two clients would mean two refresh timers fighting over one
 * refresh token ("Multiple GoTrueClient instances").
 */
import { createClient, type QueryData, type SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from './config';
import type { Database } from './database.types';
import { withReadDeadline } from './readDeadline';

/**
 * The client typed by the generated `Database` (database.types.ts, `pnpm gen`): a table's rows, a
 * select string's embeds and a function's arguments and result are checked against the migrated
 * schema at compile time.
 */
export type Need40Client = SupabaseClient<Database>;

/**
 * One row of what a query gives, from its select string:
 *   const gigsQuery = () => getSupabase().from('gigs').select('id, title, profiles(full_name)');
 *   type GigRow = QueryRow<ReturnType<typeof gigsQuery>>; // { id: string; title: string; profiles: … }
 */
export type QueryRow<Q> = QueryData<Q> extends (infer R)[] ? R : QueryData<Q>;

let client: Need40Client | null = null;
let realtimeTransport: unknown;

/**
 * Node-side tests only: Node 20 has no global WebSocket and supabase-js 2.119 refuses to start
 * without one. Pass `ws` here before the first getSupabase(). Browsers need nothing.
 */
export function setRealtimeTransport(transport: unknown): void {
  realtimeTransport = transport;
}

/** The shared client, created on first use from the runtime configuration. */
export function getSupabase(): Need40Client {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
      // A read gives up after READ_DEADLINE_MS and is not retried by the client: the page says it
      // failed and offers Try again within ~5 s instead of 8–9 s of "Loading…" (readDeadline.ts).
      db: { retry: false },
      global: { fetch: withReadDeadline((input, init) => globalThis.fetch(input, init)) },
      ...(realtimeTransport ? { realtime: { transport: realtimeTransport as never } } : {}),
    });
  }
  return client;
}

/** Tests only: drop the client so the next getSupabase() builds one from the current config. */
export function resetSupabase(): void {
  client = null;
}

/** Tests only (`@need40/shared/testing` installs its fake client with it): what getSupabase() returns from now on. */
export function installClient(fake: Need40Client): void {
  client = fake;
}

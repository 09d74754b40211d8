/**
 * Banned members lose /realtime/v1 within seconds. Their REST and rpc writes are refused by the
 * app's SQL on the very next request (private.require_member and the write policies read
 * auth.users.banned_until), but broadcast and presence on a channel never reach SQL: the ban is
 * read here instead, from the same database, so it holds on every instance.
 *   - a join, and a REST broadcast, as a banned, deleted or unknown user is refused;
 *   - every STANDING_CHECK_MS each instance looks up the users its channels act as (one query)
 *     and shuts the channels of those who may no longer act (their presence leaves with them).
 * Answers are cached per user for STANDING_CHECK_MS, at most CACHE_MAX users (oldest out first),
 * so a burst of REST broadcasts costs one query per user and interval.
 */
import { suspendedAmong } from '../auth/store/users';
import type { Database } from '../db/types';
import type { Services } from '../services';
import { contained } from './contain';
import type { Identity } from './auth';
import type { Hub } from './hub';

export const STANDING_CHECK_MS = 2000;
const CACHE_MAX = 10_000;
/** The users looked up per query by the sweep. */
const SWEEP_CHUNK = 5000;
export const SUSPENDED_REASON = 'Unauthorized: this account is suspended or no longer exists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user an identity acts as (role authenticated with a user id), or null (anon, service role). */
export function userOf(identity: Identity): string | null {
  const sub = identity.claims.sub;
  return identity.role === 'authenticated' && typeof sub === 'string' && UUID.test(sub) ? sub.toLowerCase() : null;
}

export class Standing {
  private readonly cache = new Map<string, { ok: boolean; at: number }>();

  constructor(private readonly db: Database) {}

  /** Which of these users may no longer act (and the cache learns about all of them). */
  async suspended(users: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < users.length; i += SWEEP_CHUNK) {
      const chunk = users.slice(i, i + SWEEP_CHUNK);
      const found = await this.db.transaction((tx) => suspendedAmong(tx, chunk), { readOnly: true });
      const at = Date.now();
      for (const u of chunk) this.remember(u, !found.has(u), at);
      for (const u of found) out.add(u);
    }
    return out;
  }

  /** May this identity act? Anonymous and service identities always may (nothing to ban). */
  async allowed(identity: Identity): Promise<boolean> {
    const user = userOf(identity);
    if (!user) return true;
    const hit = this.cache.get(user);
    if (hit && Date.now() - hit.at < STANDING_CHECK_MS) return hit.ok;
    return !(await this.suspended([user])).has(user);
  }

  private remember(user: string, ok: boolean, at: number): void {
    this.cache.delete(user);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(user, { ok, at });
  }
}

const byApp = new WeakMap<Services, Standing>();

/** The standing cache of one backend instance (keyed by its services: tests run many in one process, some on one database). */
export function standingFor(services: Services): Standing {
  let s = byApp.get(services);
  if (!s) byApp.set(services, (s = new Standing(services.db)));
  return s;
}

/** Every STANDING_CHECK_MS: shut the channels of users who may no longer act. Returns a stop function. */
export function startStandingSweep(hub: Hub, standing: Standing, onError: (error: unknown) => void): () => void {
  let running = false;
  const sweep = async () => {
    const byUser = new Map<string, { shutdown(message?: string): void }[]>();
    for (const channel of hub.channels()) {
      const user = userOf(channel.identity);
      if (user) byUser.set(user, [...(byUser.get(user) ?? []), channel]);
    }
    if (!byUser.size) return;
    for (const user of await standing.suspended([...byUser.keys()])) {
      for (const channel of byUser.get(user) ?? []) channel.shutdown(SUSPENDED_REASON);
    }
  };
  // contained: a timer's callback runs outside any request (contain.ts).
  const timer = setInterval(contained(onError, () => {
    if (running) return;
    running = true;
    return sweep().finally(() => {
      running = false;
    });
  }), STANDING_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * In-memory counters of /realtime/v1's limits, per instance (as Supabase Realtime counts per node):
 * token buckets for rates (joins, events, REST broadcasts per IP or per key) and a tally of open
 * sockets per IP. Both forget idle keys, so a stream of made-up keys cannot grow them without bound.
 *
 * @example
 *   const joins = new Buckets(20, 100);          // 20 a second, bursts up to 100
 *   if (!joins.take(ip)) return fail('ClientJoinRateLimitReached: Too many joins per second');
 */

const MAX_KEYS = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class Buckets {
  private readonly map = new Map<string, Bucket>();

  constructor(private readonly perSecond: number, private readonly burst: number) {}

  /** Take `n` tokens from `key`'s bucket; false (and nothing taken) when it holds fewer. */
  take(key: string, n = 1, now = Date.now()): boolean {
    const b = this.map.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    if (!this.map.has(key)) {
      if (this.map.size >= MAX_KEYS) this.forget(now);
      this.map.set(key, b);
    }
    if (b.tokens < n) return false;
    b.tokens -= n;
    return true;
  }

  /** Seconds until `n` tokens are back in `key`'s bucket (for Retry-After). */
  retryAfter(key: string, n = 1): number {
    const b = this.map.get(key);
    return b ? Math.max(1, Math.ceil((n - b.tokens) / this.perSecond)) : 1;
  }

  /** Drop the buckets that are full again (they hold no state); failing that, the oldest half. */
  private forget(now: number): void {
    for (const [key, b] of this.map) if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.map.delete(key);
    if (this.map.size < MAX_KEYS) return;
    let drop = this.map.size / 2;
    for (const key of this.map.keys()) {
      if (drop-- <= 0) break;
      this.map.delete(key);
    }
  }
}

/** Open sockets per key (a client IP). */
export class Tally {
  private readonly map = new Map<string, number>();

  count(key: string): number {
    return this.map.get(key) ?? 0;
  }

  add(key: string): void {
    this.map.set(key, this.count(key) + 1);
  }

  remove(key: string): void {
    const n = this.count(key) - 1;
    if (n > 0) this.map.set(key, n);
    else this.map.delete(key);
  }
}

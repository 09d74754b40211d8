/**
 * Rate limits held in the database (auth.rate_limits), so they hold across instances: fixed
 * windows of RATE_LIMIT_WINDOW seconds per key ("sign_in:ip:1.2.3.4", "email:a@b.c", …).
 * Counted in their own transaction so a refused request still counts.
 */
import type { Services } from '../services';
import { AuthErrors } from './errors';
import { iso } from './util';

export interface Limit {
  key: string;
  max: number;
  /** 'request' → over_request_rate_limit; 'email' → over_email_send_rate_limit */
  kind?: 'request' | 'email';
}

export async function enforceRateLimits(services: Services, limits: Limit[]): Promise<void> {
  const windowMs = services.config.RATE_LIMIT_WINDOW * 1000;
  const now = services.now();
  const windowStart = now - (now % windowMs);
  const over = await services.db.transaction(async (tx) => {
    // Housekeeping, now and then: windows that ended are dead weight.
    if (Math.random() < 0.02) await tx.query('delete from auth.rate_limits where window_start < $1', [iso(windowStart - windowMs)]);
    for (const limit of limits) {
      const { rows } = await tx.query<{ count: number }>(
        `insert into auth.rate_limits (key, window_start, count) values ($1, $2, 1)
         on conflict (key) do update set
           count = case when auth.rate_limits.window_start = excluded.window_start then auth.rate_limits.count + 1 else 1 end,
           window_start = excluded.window_start
         returning count`,
        [limit.key, iso(windowStart)],
      );
      if (Number(rows[0]?.count ?? 0) > limit.max) return limit;
    }
    return null;
  });
  if (over) {
    const retryAfter = (windowStart + windowMs - now) / 1000;
    throw over.kind === 'email' ? AuthErrors.overEmailSendRateLimit(retryAfter) : AuthErrors.overRequestRateLimit(retryAfter);
  }
}

/** The current window's count of each key (0 when absent or from an earlier window). */
export async function currentCounts(services: Services, keys: string[]): Promise<number[]> {
  const windowMs = services.config.RATE_LIMIT_WINDOW * 1000;
  const now = services.now();
  const { rows } = await services.db.transaction(
    (tx) => tx.query<{ key: string; count: number }>('select key, count from auth.rate_limits where key = any($1::text[]) and window_start = $2', [keys, iso(now - (now % windowMs))]),
    { readOnly: true },
  );
  return keys.map((k) => Number(rows.find((r) => r.key === k)?.count ?? 0));
}

/** Count one event for each key without a limit (failures, counted once they happened). */
export async function countEvents(services: Services, keys: string[]): Promise<void> {
  await enforceRateLimits(services, keys.map((key) => ({ key, max: Number.MAX_SAFE_INTEGER })));
}

/** Seconds until the current window ends. */
export function windowRetryAfter(services: Services): number {
  const windowMs = services.config.RATE_LIMIT_WINDOW * 1000;
  const now = services.now();
  return (now - (now % windowMs) + windowMs - now) / 1000;
}

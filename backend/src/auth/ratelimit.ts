/**
 * Rate limits held in the database (store/rate-limits.ts), so they hold across instances: fixed
 * windows of RATE_LIMIT_WINDOW seconds per key ("sign_in:ip:1.2.3.4", "email:a@b.c", …).
 * Counted in their own transaction so a refused request still counts.
 */
import type { Services } from '../services';
import { AuthErrors } from './errors';
import { countersIn, deleteCountersBefore, hitCounter } from './store/rate-limits';
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
    if (Math.random() < 0.02) await deleteCountersBefore(tx, iso(windowStart - windowMs));
    for (const limit of limits) {
      if ((await hitCounter(tx, limit.key, iso(windowStart))) > limit.max) return limit;
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
  const counts = await services.db.transaction((tx) => countersIn(tx, keys, iso(now - (now % windowMs))), { readOnly: true });
  return keys.map((k) => counts.get(k) ?? 0);
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

/**
 * A transaction PostgreSQL chose as a deadlock's victim (40P01) or refused for a serialization
 * conflict (40001) was rolled back whole: nothing of it happened, so running it again is safe, and
 * it is what PostgreSQL's manual asks of applications. Two callers touching the same deal in
 * opposite orders (an approval beside a dispute) would otherwise get a 500 for a moment's contention.
 * A few attempts, with a short random pause so the two do not meet again at once.
 */
import { isPgError } from './pg-error';

const RETRYABLE = new Set(['40P01', '40001']);
export const CONFLICT_ATTEMPTS = 5;

export async function retryingConflicts<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || signal?.aborted || !isPgError(error) || !RETRYABLE.has(error.code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 25 * attempt));
    }
  }
}

/**
 * The database's refusals, in words. The marketplace functions answer with a stable code and a
 * message written for people (docs/marketplace.md, functions), so those are shown as they are;
 * anything else (network, a server fault) gets the caller's fallback, never a raw technical text.
 */
const WORDED = new Set(['42501', '23505', '22023', 'N4001', 'N4002', 'N4003', 'N4004', 'N4005', 'N4006', 'N4007', 'N4008', 'N4009', 'N4010', 'PT404', 'PT409']);

export function marketErrorText(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && WORDED.has(code) && typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** Throws a supabase-js error result so callers handle one path. */
export function orThrow<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

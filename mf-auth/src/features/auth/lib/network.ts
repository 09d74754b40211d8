/**
 * A login or sign-up that never reached the backend (offline, backend down) must not show the
 * browser's words ("Failed to fetch"): one sentence that says what to do instead. supabase-js's
 * auth client reports such a failure as AuthRetryableFetchError (also for 502/503/504).
 */
export const NETWORK_MESSAGE = "Can't reach Need40 right now — check your connection and try again.";

const NETWORK_WORDS = /failed to fetch|networkerror|load failed|fetch failed|network request failed/i;

export function isNetworkFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'AuthRetryableFetchError') return true;
  return typeof message === 'string' && NETWORK_WORDS.test(message);
}

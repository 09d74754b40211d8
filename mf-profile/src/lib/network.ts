/**
 * A request that never reached the backend (offline, backend down, DNS, CORS) must not show the
 * browser's own words ("TypeError: Failed to fetch"): people get one sentence that says what to do.
 */
export const NETWORK_MESSAGE = "Can't reach Need40 right now — check your connection and try again.";

/** What browsers and fetch polyfills say when a request never got an answer. */
const NETWORK_WORDS = /failed to fetch|networkerror|load failed|fetch failed|network request failed/i;

/**
 * True for a failed fetch: supabase-js's PostgREST client answers one with HTTP status 0 and
 * the error's text ("TypeError: Failed to fetch"), auth answers AuthRetryableFetchError.
 */
export function isNetworkFailure(error: unknown, status?: number): boolean {
  if (status === 0) return true;
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'AuthRetryableFetchError') return true;
  return typeof message === 'string' && NETWORK_WORDS.test(message);
}

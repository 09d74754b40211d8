/**
 * What a member reads when a call fails, one rule for every remote: never the server's raw text
 * (a SQL detail, "TypeError: Failed to fetch", a stack) — only words written for people:
 * - no answer at all (offline, backend down) → NETWORK_MESSAGE;
 * - a refusal the database words for people (the marketplace functions' stable codes, a policy or
 *   a uniqueness refusal, PostgREST's PT404/PT409) or the auth server's own catalogue → its message;
 * - a failure the caller already worded (`worded(text)`) → that text;
 * - anything else → the caller's fallback, which says what to do.
 */
export const NETWORK_MESSAGE = "Can't reach Need40 right now — check your connection and try again.";

/** What browsers and fetch polyfills say when a request never got an answer. */
const NETWORK_WORDS = /failed to fetch|networkerror|load failed|fetch failed|network request failed/i;

/** SQLSTATEs whose message the app's SQL writes for people (docs/marketplace.md, functions). */
const WORDED_CODES = /^(N40\d\d|PT4\d\d|42501|23505|22023)$/;

/** supabase-js's auth errors carrying our auth server's catalogue text (docs/product.md, errors). */
const AUTH_WORDED = new Set(['AuthApiError', 'AuthWeakPasswordError']);

const WORDED = Symbol.for('need40.worded');

const field = (error: unknown, key: string): unknown =>
  error && typeof error === 'object' ? (error as Record<string, unknown>)[key] : undefined;

/**
 * True for a request that never got an answer: supabase-js's REST client reports one with HTTP
 * status 0 and the browser's text, its auth client as AuthRetryableFetchError.
 */
export function isNetworkFailure(error: unknown, status?: number): boolean {
  if (status === 0 || field(error, 'status') === 0) return true;
  if (field(error, 'name') === 'AuthRetryableFetchError') return true;
  const message = field(error, 'message');
  return typeof message === 'string' && NETWORK_WORDS.test(message);
}

/** An Error whose message is already written for people; failureText passes it through. */
export function worded(text: string): Error {
  return Object.assign(new Error(text), { [WORDED]: true });
}

/** The one text a member sees for `error`; `fallback` says what to do when nothing better fits. */
export function failureText(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return NETWORK_MESSAGE;
  const message = field(error, 'message');
  if (typeof message !== 'string' || !message.trim()) return fallback;
  const code = field(error, 'code');
  if ((error as Record<symbol, unknown>)[WORDED] === true) return message;
  if (typeof code === 'string' && WORDED_CODES.test(code)) return message;
  if (AUTH_WORDED.has(String(field(error, 'name')))) return message;
  return fallback;
}

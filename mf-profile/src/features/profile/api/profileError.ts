import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from '@need40/ui';

/**
 * The message shown for a failed profile read or write. PostgREST answers `.single()` with
 * PGRST116 when no row matched, which for an update also means row-level security hid the row.
 * A request that never reached the backend (HTTP status 0) gets the plain network sentence.
 */
export function profileError(error: unknown, fallback: string, notFound: string, status?: number): Error {
  if (isNetworkFailure(error, status)) return worded(NETWORK_MESSAGE);
  if (error && typeof error === 'object' && (error as { code?: unknown }).code === 'PGRST116') return worded(notFound);
  return worded(failureText(error, fallback));
}

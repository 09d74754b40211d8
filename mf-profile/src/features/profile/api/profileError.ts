import { errorMessage } from '@need40/shared';

/**
 * The message shown for a failed profile read or write. PostgREST answers `.single()` with
 * PGRST116 when no row matched, which for an update also means row-level security hid the row.
 */
export function profileError(error: unknown, fallback: string, notFound: string): Error {
  if (error && typeof error === 'object' && (error as { code?: unknown }).code === 'PGRST116') return new Error(notFound);
  return new Error(errorMessage(error, fallback));
}

/**
 * supabase-js answers `{ data, error }`; the marketplace's reads and steps throw instead, so a
 * caller handles one path and words the failure with @need40/ui's failureText.
 */
/** Throws a supabase-js error result so callers handle one path. */
export function orThrow<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

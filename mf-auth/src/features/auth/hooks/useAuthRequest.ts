import { useCallback, useState } from 'react';
import { failureText } from '@need40/ui';

/** Shown when a failure carries no message of its own. */
export const GENERIC_AUTH_ERROR = 'Something went wrong. Please try again.';

/**
 * One auth request at a time: `busy` while it runs, `error` with the auth server's message when it
 * fails (docs/product.md, error catalogue: the backend message in the form's error area), or the
 * plain network sentence when the request got no answer (both through @need40/ui's failureText). `fail` shows a local message;
 * `initialError` is shown until the next request.
 */
export function useAuthRequest(initialError: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  /** `explain` may word a failure first (e.g. the mail rate limit); null leaves it to failureText. */
  const run = useCallback(async <T,>(request: () => Promise<T>, explain?: (caught: unknown) => string | null): Promise<{ ok: true; value: T } | { ok: false; caught: unknown }> => {
    setBusy(true);
    setError(null);
    try {
      const value = await request();
      return { ok: true, value };
    } catch (caught) {
      setError(explain?.(caught) ?? failureText(caught, GENERIC_AUTH_ERROR));
      return { ok: false, caught };
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, fail: setError, run };
}

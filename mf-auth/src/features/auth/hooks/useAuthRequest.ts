import { useCallback, useState } from 'react';
import { errorMessage } from '@need40/shared';

/** Shown when a failure carries no message of its own. */
export const GENERIC_AUTH_ERROR = 'Something went wrong. Please try again.';

/**
 * One auth request at a time: `busy` while it runs, `error` with the backend's message when it
 * fails (SPEC §8: the backend message in the form's error area). `fail` shows a local message.
 */
export function useAuthRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async <T,>(request: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> => {
    setBusy(true);
    setError(null);
    try {
      const value = await request();
      return { ok: true, value };
    } catch (caught) {
      setError(errorMessage(caught, GENERIC_AUTH_ERROR));
      return { ok: false };
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, fail: setError, run };
}

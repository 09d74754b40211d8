import { useCallback, useState } from 'react';
import { failureText } from '@need40/ui';

/**
 * One request of a security form at a time: `busy` while it runs; on failure `error` holds the
 * words a member reads (@need40/ui's failureText, else `fallback`) and the result carries what was thrown.
 */
export function useAction(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (request: () => Promise<unknown>): Promise<{ ok: true } | { ok: false; caught: unknown }> => {
      setBusy(true);
      setError(null);
      try {
        await request();
        return { ok: true };
      } catch (caught) {
        setError(failureText(caught, fallback));
        return { ok: false, caught };
      } finally {
        setBusy(false);
      }
    },
    [fallback],
  );
  return { busy, error, setError, run };
}

/** The error code an auth failure carries (`reauthentication_needed`, …), if any. */
export const codeOf = (caught: unknown): string | undefined => (caught as { code?: string } | null)?.code;

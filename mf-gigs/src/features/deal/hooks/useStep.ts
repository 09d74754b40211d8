import { useCallback, useState } from 'react';
import { failureText } from '@need40/ui';

/**
 * One step of a deal (pay, confirm, report, review): busy while it runs (a second click is
 * ignored), the database's refusal in words when it fails, `done()` when it went through.
 */
export function useStep(done: () => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = useCallback(
    async (step: () => Promise<unknown>, fallback: string): Promise<boolean> => {
      if (busy) return false;
      setBusy(true);
      setFailure(null);
      try {
        await step();
        done();
        return true;
      } catch (error) {
        setFailure(failureText(error, fallback));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [busy, done],
  );
  return { busy, failure, run, setFailure };
}

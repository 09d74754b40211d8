import { useCallback, useState } from 'react';
import { failureText, usePending } from '@need40/ui';

/**
 * One step of a deal (pay, confirm, report, review): busy while it runs (a second click is
 * ignored), slow after a while with Retry and Cancel (`pending`, the one slow-action rule of
 * @need40/ui; each step is a state transition the database refuses twice, so Retry is safe), the
 * database's refusal in words when it fails, `done()` when it went through.
 */
export function useStep(done: () => void) {
  const pending = usePending();
  const [failure, setFailure] = useState<string | null>(null);
  const { run: runPending } = pending;

  const run = useCallback(
    async (step: () => Promise<unknown>, fallback: string): Promise<boolean> => {
      setFailure(null);
      const outcome = await runPending(step);
      if (outcome?.status === 'done') {
        done();
        return true;
      }
      if (outcome?.status === 'failed') setFailure(failureText(outcome.error, fallback));
      return false;
    },
    [runPending, done],
  );
  return { busy: pending.busy, pending, failure, run, setFailure };
}

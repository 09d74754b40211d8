import { useCallback, useEffect, useState } from 'react';
import { failureText } from '@need40/ui';

export type ListState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: T };

/** Loads `load()` on mount and again on `reload()` (after a change, or Retry); a failure becomes the member's words (`fallback`). */
export function useList<T>(load: () => Promise<T>, fallback: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (items) => live && setState({ status: 'ready', items }),
      (error: unknown) => live && setState({ status: 'error', message: failureText(error, fallback) }),
    );
    return () => {
      live = false;
    };
  }, [load, fallback, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

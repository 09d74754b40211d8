import { useCallback, useEffect, useState } from 'react';

export type ListState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: T };

/** Loads `load()` on mount and again on `reload()` (after a change, or Try again). */
export function useList<T>(load: () => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (items) => live && setState({ status: 'ready', items }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

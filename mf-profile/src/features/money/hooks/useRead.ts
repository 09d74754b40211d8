import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@need40/shared';

export type Read<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

/** The result of `read()` (run again when `key` changes or `retry()` is called); a stale answer is dropped. */
export function useRead<T>(read: () => Promise<T>, key: string, fallback: string): Read<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Read<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    read().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'failed', message: errorMessage(error, fallback) }),
    );
    return () => {
      live = false;
    };
    // `read` is a new closure each render; `key` says when it reads something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

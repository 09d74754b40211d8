import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@need40/shared';

export type Read<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

/**
 * The result of `read()`, read again when `key` changes or `retry()` is called. Each answer is
 * tagged with the read it answers, so a stale one is never shown and "loading" needs no state.
 */
export function useRead<T>(read: () => Promise<T>, key: string, fallback: string): Read<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ tag: string; result: Read<T> } | null>(null);
  const tag = `${key}#${attempt}`;
  useEffect(() => {
    let live = true;
    read().then(
      (value) => live && setAnswer({ tag, result: { status: 'ready', value } }),
      (error: unknown) => live && setAnswer({ tag, result: { status: 'failed', message: errorMessage(error, fallback) } }),
    );
    return () => {
      live = false;
    };
    // `read` is a new closure each render; the tag says when it reads something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tag]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: Read<T> = answer?.tag === tag ? answer.result : { status: 'loading' };
  return { ...state, retry };
}

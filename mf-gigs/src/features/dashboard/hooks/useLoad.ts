import { useCallback, useEffect, useState } from 'react';
import { useDashboardVersion } from '../../../lib/messages';

export type LoadState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Read `load()` when `key` changes and on `reload()`; a reload keeps the shown rows until the new
 * ones arrive (no flash of "loading" after an action). A failure is logged and shown as an error.
 * The dashboard's live channel bumps a version when its data changed; every list reads again then.
 */
export function useLoad<T>(key: string, load: () => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const live = useDashboardVersion();

  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => {
        console.error(`[mf-gigs] could not load ${key}`, error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new closure each render; the key says what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation, live]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((g) => g + 1);
  }, []);
  return { state, reload, retry };
}

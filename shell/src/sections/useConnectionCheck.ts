/**
 * The connection test behind the banner: a count selected from `profiles` through the shared
 * client (docs/product.md, calls). A failure is logged to the console (docs/product.md, error
 * catalogue) and checked again on its own —
 * after 2 s, then doubling up to 30 s, at once when the browser comes back online or the tab becomes
 * visible, or when `retry()` is called — so the page recovers when the backend returns without a
 * reload. On recovery the grid is told to read again (it showed nothing while the backend was away).
 * The first check waits until the page has loaded and the browser is idle: the first screen's own
 * calls (the gig list) go out first instead of queueing behind it.
 */
import { useEffect, useRef, useState } from 'react';
import { getSupabase, notifyGigsChanged } from '@need40/shared';

export type ConnectionStatus = 'checking' | 'ok' | 'failed';

export const RECHECK_FIRST_MS = 2_000;
export const RECHECK_MAX_MS = 30_000;

async function connectionWorks(): Promise<boolean> {
  try {
    const { error } = await getSupabase().from('profiles').select('id', { count: 'exact', head: true });
    if (error) console.error('[need40] connection test failed', error);
    return !error;
  } catch (error) {
    console.error('[need40] connection test failed', error);
    return false;
  }
}

/** Runs `fn` once the load event has fired and the browser is idle (at most 1 s later). */
function whenPageIdle(fn: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fn, { timeout: 1_000 });
    else timer = setTimeout(fn, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

interface Checker {
  retry(): void;
  stop(): void;
}

/** The check loop, outside React: `report` hears every status change and each recheck start. */
function startChecker(report: (status: ConnectionStatus, rechecking: boolean) => void): Checker {
  let alive = true;
  let running = false;
  let failedBefore = false;
  let delay = RECHECK_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = async () => {
    if (running || !alive) return;
    running = true;
    clearTimeout(timer);
    if (failedBefore) report('failed', true);
    const ok = await connectionWorks();
    running = false;
    if (!alive) return;
    report(ok ? 'ok' : 'failed', false);
    if (ok) {
      if (failedBefore) notifyGigsChanged();
      failedBefore = false;
      delay = RECHECK_FIRST_MS;
      return;
    }
    failedBefore = true;
    timer = setTimeout(() => void check(), delay);
    delay = Math.min(delay * 2, RECHECK_MAX_MS);
  };
  const whenBack = () => {
    if (failedBefore && document.visibilityState !== 'hidden') void check();
  };
  window.addEventListener('online', whenBack);
  document.addEventListener('visibilitychange', whenBack);
  const cancelFirst = whenPageIdle(() => void check());
  return {
    retry() {
      delay = RECHECK_FIRST_MS;
      void check();
    },
    stop() {
      alive = false;
      cancelFirst();
      clearTimeout(timer);
      window.removeEventListener('online', whenBack);
      document.removeEventListener('visibilitychange', whenBack);
    },
  };
}

export function useConnectionCheck(): { status: ConnectionStatus; rechecking: boolean; retry: () => void } {
  const [state, setState] = useState<{ status: ConnectionStatus; rechecking: boolean }>({ status: 'checking', rechecking: false });
  const checker = useRef<Checker | null>(null);

  useEffect(() => {
    const c = startChecker((status, rechecking) => setState({ status, rechecking }));
    checker.current = c;
    return () => c.stop();
  }, []);

  return { ...state, retry: () => checker.current?.retry() };
}

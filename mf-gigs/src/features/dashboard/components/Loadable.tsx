import type { ReactNode } from 'react';
import { ui } from '@need40/ui';
import type { LoadState } from '../hooks/useLoad';

interface Props<T> {
  state: LoadState<T[]>;
  /** What is loading, e.g. "your gigs". */
  what: string;
  retry: () => void;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}

/** One dashboard list's loading, error (with Try again), empty (with a next step) and filled states. */
export function Loadable<T>({ state, what, retry, empty, children }: Props<T>) {
  if (state.status === 'loading') {
    return (
      <p className={ui.busy} role="status">
        Loading {what}...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className={ui.alert}>
        <p>Could not load {what}. Check your connection and try again.</p>
        <button type="button" className={ui.secondary} onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return state.data.length === 0 ? <div>{empty}</div> : <>{children(state.data)}</>;
}

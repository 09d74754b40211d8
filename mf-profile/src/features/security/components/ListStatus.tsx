import { ui } from '@need40/ui';
import type { ListState } from '../hooks/useList';

/** The loading line or the load error with Retry of a security list; nothing once it is ready. */
export function ListStatus({ state, loading, onRetry }: { state: ListState<unknown>; loading: string; onRetry: () => void }) {
  if (state.status === 'loading') return <p role="status">{loading}</p>;
  if (state.status === 'error') {
    return (
      <div role="alert" className={ui.alert}>
        <p>{state.message}</p>
        <button type="button" className={ui.secondary} onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}

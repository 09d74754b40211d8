import { LoadFailed, Loading } from '@need40/ui';
import type { ListState } from '../hooks/useList';

/** The loading line or the load failure with Try again of a security list (`what`: "your sessions"); nothing once it is ready. */
export function ListStatus({ state, what, onRetry }: { state: ListState<unknown>; what: string; onRetry: () => void }) {
  if (state.status === 'loading') return <Loading what={what} />;
  if (state.status === 'error') return <LoadFailed what={what} retry={onRetry} />;
  return null;
}

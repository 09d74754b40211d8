import { ui } from '@need40/ui';
import type { Read } from '../../../lib/useRead';

/** While a read runs: "Loading {what}..."; when it failed: its message with Try again; else nothing. */
export function ReadStatus({ read, what }: { read: Read<unknown> & { retry: () => void }; what: string }) {
  if (read.status === 'loading') {
    return (
      <p role="status" className={ui.busy}>
        Loading {what}...
      </p>
    );
  }
  if (read.status === 'failed') {
    return (
      <div role="alert" className={ui.alert}>
        <p>{read.message}</p>
        <button type="button" className={ui.secondary} onClick={read.retry}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}

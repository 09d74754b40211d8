import ui from '../ui.module.css';
import type { Pending } from './usePending';

export const SLOW_TEXT = 'This is taking longer than usual. Your connection may be slow.';

/**
 * Said when a pending action has run for SLOW_AFTER_MS: it is slow, and the person may try again
 * or stop waiting. Nothing at all until then (an empty status region in every form would be one
 * more "status" for assistive technology and tests to wade through).
 */
export function SlowNotice({ pending }: { pending: Pick<Pending, 'slow' | 'retry' | 'cancel'> }) {
  if (!pending.slow) return null;
  return (
    <p role="status" className={ui.busy}>
      {SLOW_TEXT}{' '}
      <button type="button" className={ui.linkButton} onClick={pending.retry}>
        Retry
      </button>{' '}
      <button type="button" className={ui.linkButton} onClick={pending.cancel}>
        Cancel
      </button>
    </p>
  );
}

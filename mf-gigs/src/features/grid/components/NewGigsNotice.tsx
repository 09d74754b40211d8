import { ui } from '@need40/ui';
import styles from './LatestGigs.module.css';

/** The notice's words: "1 new gig — show", "3 new gigs — show". */
export const newGigsLabel = (count: number) => `${count} new ${count === 1 ? 'gig' : 'gigs'} — show`;

/**
 * Gigs posted by others while the grid is open. A polite live region (announced when the reader
 * pauses, never interrupting) holding one button; its room on the status line is always there, so
 * the notice appearing moves nothing.
 */
export function NewGigsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div aria-live="polite" className={styles.notice}>
      {count > 0 && (
        <button type="button" className={`${ui.linkButton} ${styles.noticeButton}`} onClick={onShow}>
          {newGigsLabel(count)}
        </button>
      )}
    </div>
  );
}

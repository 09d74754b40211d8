import { GIG_PRICE, SECTIONS, scrollToSection, WORKER_EARNINGS } from '@need40/shared';
import { ui } from '@need40/ui';
import { formatMoney } from '../../../lib/format';
import styles from './Need40Section.module.css';

/** Post $600 Gig → the Post Your Gig form; Earn $570 Now → the Latest Gigs grid (both in mf-gigs). */
export function JumpButtons() {
  return (
    <div className={styles.jump}>
      <button type="button" className={ui.secondary} onClick={() => scrollToSection(SECTIONS.postGig)}>
        Post {formatMoney(GIG_PRICE)} Gig
      </button>
      <button type="button" className={ui.secondary} onClick={() => scrollToSection(SECTIONS.gigs)}>
        Earn {formatMoney(WORKER_EARNINGS)} Now
      </button>
    </div>
  );
}

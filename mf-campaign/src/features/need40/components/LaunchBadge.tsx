import { LAUNCH_DATE } from '@need40/shared';
import { formatLongDate } from '../../../lib/format';
import styles from './Need40Section.module.css';

/** The launch-date badge: "April 8, 2024". */
export function LaunchBadge() {
  return (
    <p className={styles.badge}>
      Launch date <time dateTime={LAUNCH_DATE}>{formatLongDate(LAUNCH_DATE)}</time>
    </p>
  );
}

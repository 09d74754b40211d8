import { markOpenedInPage } from '../../../lib/navigation';
import styles from './Dashboard.module.css';

interface Props {
  title: string;
  /** Where the title leads (none: plain text, e.g. a removed gig). */
  href?: string | null;
  /** The link opens a gig page in the page (Back then returns here). */
  gigPage?: boolean;
  /** The status in words; none shows no badge. */
  badge?: string | null;
  /** An application's raw status, for the badge's styling and tests. */
  applicationStatus?: string;
}

/** A dashboard row's first line: its title (a link when it has one) and its status badge. */
export function ItemHead({ title, href, gigPage, badge, applicationStatus }: Props) {
  return (
    <div className={styles.row}>
      {href ? (
        <a href={href} onClick={gigPage ? markOpenedInPage : undefined} className={styles.itemTitle}>
          {title}
        </a>
      ) : (
        <span className={styles.itemTitle}>{title}</span>
      )}
      {badge && (
        <span className={styles.badge} data-application-status={applicationStatus}>
          {badge}
        </span>
      )}
    </div>
  );
}

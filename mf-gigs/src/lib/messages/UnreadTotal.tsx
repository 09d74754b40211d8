import { useGigUnread, useUnreadTotal } from './unreadStore';
import styles from './Messages.module.css';

/** "3 unread messages" beside the Dashboard heading; nothing when all are read. */
export function UnreadTotal() {
  const total = useUnreadTotal();
  if (total === 0) return null;
  return (
    <p className={styles.total} data-testid="unread-total">
      {total} unread {total === 1 ? 'message' : 'messages'}
    </p>
  );
}

/** " · 1 new message" after a gig's applicant count, while its applicants have written. */
export function GigUnread({ gigId }: { gigId: string }) {
  const count = useGigUnread(gigId);
  if (count === 0) return null;
  return <span> · {count === 1 ? '1 new message' : `${count} new messages`}</span>;
}

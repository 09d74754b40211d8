import { useGigUnread, useUnreadMore, useUnreadTotal } from '../stores/unreadStore';
import styles from './Messages.module.css';

/** "3", or "612+" when the read of all threads stopped at its limit (there may be more). */
const amount = (count: number, more: boolean) => `${count}${more ? '+' : ''}`;

/** "3 unread messages" beside the Dashboard heading; nothing when all are read. */
export function UnreadTotal() {
  const total = useUnreadTotal();
  const more = useUnreadMore();
  if (total === 0) return null;
  return (
    <p className={styles.total} data-testid="unread-total">
      {amount(total, more)} unread {total === 1 && !more ? 'message' : 'messages'}
    </p>
  );
}

/** " · 1 new message" after a gig's applicant count, while its applicants have written. */
export function GigUnread({ gigId }: { gigId: string }) {
  const count = useGigUnread(gigId);
  const more = useUnreadMore();
  if (count === 0) return null;
  return <span> · {amount(count, more)} new {count === 1 && !more ? 'message' : 'messages'}</span>;
}

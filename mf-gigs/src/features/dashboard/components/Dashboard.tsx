import { useSession } from '@need40/shared';
import { UnreadSlot } from '../../../lib/messagesSlot';
import { useDashboardLive } from '../hooks/useDashboardLive';
import { MyApplications } from './MyApplications';
import { MyGigs } from './MyGigs';
import { SavedGigs } from './SavedGigs';
import styles from './Dashboard.module.css';

/** The signed-in member's dashboard (`#dashboard`): My gigs, My applications, Saved gigs,
 * kept live (new applications, status changes, unread message counts). */
export function Dashboard() {
  const userId = useSession((s) => s.user?.id ?? null);
  useDashboardLive(userId);
  if (!userId) return <p>Log in to see your dashboard.</p>;
  return (
    <div className={styles.dashboard}>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>Dashboard</h1>
        <UnreadSlot />
      </div>
      <MyGigs userId={userId} />
      <MyApplications userId={userId} />
      <SavedGigs userId={userId} />
    </div>
  );
}

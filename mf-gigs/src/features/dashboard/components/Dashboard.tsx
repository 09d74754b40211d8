import { useSession } from '@need40/shared';
import { MyApplications } from './MyApplications';
import { MyGigs } from './MyGigs';
import { SavedGigs } from './SavedGigs';
import styles from './Dashboard.module.css';

/** The signed-in member's dashboard (`#dashboard`): My gigs, My applications, Saved gigs. */
export function Dashboard() {
  const userId = useSession((s) => s.user?.id ?? null);
  if (!userId) return <p>Log in to see your dashboard.</p>;
  return (
    <div className={styles.dashboard}>
      <h1 className={styles.heading}>Dashboard</h1>
      <MyGigs userId={userId} />
      <MyApplications userId={userId} />
      <SavedGigs userId={userId} />
    </div>
  );
}

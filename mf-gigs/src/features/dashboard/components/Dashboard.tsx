import { useState } from 'react';
import { useSession } from '@need40/shared';
import { UnreadTotal, useDashboardLive } from '../../../lib/messages';
import { FocusedApplication } from './FocusedApplication';
import { MyApplications } from './MyApplications';
import { MyGigs } from './MyGigs';
import { SavedGigs } from './SavedGigs';
import styles from './Dashboard.module.css';

/** The signed-in member's dashboard (`#dashboard`): My gigs, My applications, Saved gigs,
 * kept live (new applications, status changes, unread message counts). Opened at an application
 * (`#dashboard/application/<id>`), that applicant comes first with Accept focused. */
export function Dashboard({ applicationId = null }: { applicationId?: string | null }) {
  const [changed, setChanged] = useState(0);
  const userId = useSession((s) => s.user?.id ?? null);
  useDashboardLive(userId);
  if (!userId) return <p>Log in to see your dashboard.</p>;
  return (
    <div className={styles.dashboard}>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>Dashboard</h1>
        <UnreadTotal />
      </div>
      {applicationId && <FocusedApplication applicationId={applicationId} userId={userId} onChanged={() => setChanged((n) => n + 1)} />}
      <MyGigs userId={userId} refresh={changed} />
      <MyApplications userId={userId} />
      <SavedGigs userId={userId} />
    </div>
  );
}

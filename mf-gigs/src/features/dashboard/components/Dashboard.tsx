import { getQueryClient, useSession } from '@need40/shared';
import { UnreadSlot } from '../../../lib/messagesSlot';
import { useDashboardLive } from '../hooks/useDashboardLive';
import { dashboardKey } from '../hooks/useDashboardPages';
import { FocusedApplication } from './FocusedApplication';
import { MyApplications } from './MyApplications';
import { MyGigs } from './MyGigs';
import { SavedGigs } from './SavedGigs';
import styles from './Dashboard.module.css';

/** The signed-in member's dashboard (`#dashboard`): My gigs, My applications, Saved gigs,
 * kept live (new applications, status changes, unread message counts). Opened at an application
 * (`#dashboard/application/<id>`), that applicant comes first with Accept focused; with
 * `openThread` (`…/messages`), with their thread open. */
export function Dashboard({ applicationId = null, openThread = false }: { applicationId?: string | null; openThread?: boolean }) {
  const userId = useSession((s) => s.user?.id ?? null);
  useDashboardLive(userId);
  if (!userId) return <p>Log in to see your dashboard.</p>;
  return (
    <div className={styles.dashboard}>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>Dashboard</h1>
        <UnreadSlot />
      </div>
      {applicationId && <FocusedApplication applicationId={applicationId} userId={userId} openThread={openThread} onChanged={() => void getQueryClient().invalidateQueries({ queryKey: dashboardKey('my-gigs', userId) })} />}
      <MyGigs userId={userId} />
      <MyApplications userId={userId} />
      <SavedGigs userId={userId} />
    </div>
  );
}

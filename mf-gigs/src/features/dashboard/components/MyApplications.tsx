import { useState } from 'react';
import { failureText, ui } from '@need40/ui';
import { fireTransition, STATUS_LABELS } from '../../../lib/applications';
import { formatDay } from '../../../lib/dates';
import { ThreadSlot } from '../../../lib/messagesSlot';
import { DealSlot, useNewestStatus } from '../../../lib/dealSlot';
import { gigHref, GRID_HREF } from '../../../lib/navigation';
import { fetchMyApplications, type MyApplicationRow } from '../api/dashboard';
import { dashboardKey, useDashboardPages } from '../hooks/useDashboardPages';
import { showApplication } from '../hooks/useDashboardLive';
import { DashboardList } from './DashboardList';
import { ItemHead } from './ItemHead';
import styles from './Dashboard.module.css';

/** "My applications": each with its gig, status, date and the poster's notice; Withdraw while pending. */
export function MyApplications({ userId }: { userId: string }) {
  const pages = useDashboardPages<MyApplicationRow>(dashboardKey('my-applications', userId), (after, limit) => fetchMyApplications(userId, after, limit));
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const withdraw = async (id: string) => {
    if (busy) return;
    setBusy(id);
    setFailure(null);
    try {
      showApplication(await fireTransition('withdraw_application', id));
    } catch (error) {
      setFailure(failureText(error, 'Your application could not be withdrawn. Try again.'));
    } finally {
      setBusy(null);
    }
  };

  const empty = (
    <p>
      You have not applied to a gig yet. <a className={ui.link} href={GRID_HREF}>Browse the latest gigs</a>
    </p>
  );
  return (
    <section aria-labelledby="my-applications-title" className={styles.part}>
      <h2 id="my-applications-title">My applications</h2>
      {failure && (
        <p role="alert" className={ui.alert}>
          {failure}
        </p>
      )}
      <DashboardList pages={pages} what="your applications" noun={['application', 'applications']} empty={empty}>
        {(rows) => rows.map((row) => <MyApplication key={row.id} row={row} busy={busy === row.id} onWithdraw={() => void withdraw(row.id)} />)}
      </DashboardList>
    </section>
  );
}

/** One of the member's applications; its badge follows the deal panel's live status. */
function MyApplication({ row, busy, onWithdraw }: { row: MyApplicationRow; busy: boolean; onWithdraw: () => void }) {
  const title = row.gigs?.title ?? 'A removed gig';
  const [status, onStatus] = useNewestStatus(row.status);
  return (
    <li className={styles.item} aria-label={`Application for ${title}`}>
      <ItemHead title={title} href={row.gigs && gigHref(row.gigs.id)} gigPage badge={STATUS_LABELS[status] ?? status} applicationStatus={status} />
      <p className={styles.meta}>Applied {formatDay(row.created_at)}</p>
      {row.decline_notice && <p className={ui.prose}>{row.decline_notice}</p>}
      {row.decline_note && <p className={ui.prose}>A note from the poster: {row.decline_note}</p>}
      <DealSlot applicationId={row.id} status={status} side="worker" onChanged={onStatus} />
      <ThreadSlot applicationId={row.id} otherName="the poster" about={`about ${title}`} status={status} />
      {status === 'applied' && (
        <button type="button" className={ui.secondary} aria-disabled={busy} onClick={onWithdraw}>
          {busy ? 'Withdrawing...' : 'Withdraw'}
          <span className="visually-hidden"> your application for {title}</span>
        </button>
      )}
    </li>
  );
}

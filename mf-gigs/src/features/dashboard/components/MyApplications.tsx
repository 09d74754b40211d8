import { useState } from 'react';
import { ui } from '@need40/ui';
import { fireTransition, STATUS_LABELS } from '../../../lib/applications';
import { formatDay } from '../../../lib/dates';
import { marketErrorText } from '../../../lib/marketErrors';
import { MessagesToggle } from '../../../lib/messages';
import { gigHref, GRID_HREF, markOpenedInPage } from '../../../lib/navigation';
import { fetchMyApplications } from '../api/dashboard';
import { useLoad } from '../hooks/useLoad';
import { Loadable } from './Loadable';
import styles from './Dashboard.module.css';
import { DealPanel } from '../../../lib/deal/DealPanel';

/** "My applications": each with its gig, status, date and the poster's notice; Withdraw while pending. */
export function MyApplications({ userId }: { userId: string }) {
  const { state, reload, retry } = useLoad(`my-applications:${userId}`, () => fetchMyApplications(userId));
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const withdraw = async (id: string) => {
    if (busy) return;
    setBusy(id);
    setFailure(null);
    try {
      await fireTransition('withdraw_application', id);
      reload();
    } catch (error) {
      setFailure(marketErrorText(error, 'Your application could not be withdrawn. Try again.'));
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
      <Loadable state={state} what="your applications" retry={retry} empty={empty}>
        {(rows) => (
          <ul className={styles.list}>
            {rows.map((row) => {
              const title = row.gigs?.title ?? 'A removed gig';
              return (
                <li key={row.id} className={styles.item} aria-label={`Application for ${title}`}>
                  <div className={styles.row}>
                    {row.gigs ? (
                      <a href={gigHref(row.gigs.id)} onClick={markOpenedInPage} className={styles.itemTitle}>
                        {title}
                      </a>
                    ) : (
                      <span className={styles.itemTitle}>{title}</span>
                    )}
                    <span className={styles.badge} data-application-status={row.status}>
                      {STATUS_LABELS[row.status] ?? row.status}
                    </span>
                  </div>
                  <p className={styles.meta}>Applied {formatDay(row.created_at)}</p>
                  {row.decline_notice && <p className={styles.message}>{row.decline_notice}</p>}
                  <DealPanel applicationId={row.id} status={row.status} side="worker" onChanged={reload} />
                  <MessagesToggle applicationId={row.id} otherName="the poster" about={`about ${title}`} status={row.status} />
                  {row.status === 'applied' && (
                    <button type="button" className={ui.secondary} aria-disabled={busy === row.id} onClick={() => void withdraw(row.id)}>
                      {busy === row.id ? 'Withdrawing...' : 'Withdraw'}
                      <span className="visually-hidden"> your application for {title}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Loadable>
    </section>
  );
}

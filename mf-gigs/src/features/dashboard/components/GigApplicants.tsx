import { useState } from 'react';
import { notifyGigsChanged } from '@need40/shared';
import { failureText, ui } from '@need40/ui';
import { closeGig, declineApplication, fireTransition } from '../../../lib/applications';
import { fetchApplicants, type ApplicantRow, type MyGigRow } from '../api/dashboard';
import { dashboardKey, useDashboardPages } from '../hooks/useDashboardPages';
import { showApplication } from '../hooks/useDashboardLive';
import { Applicant } from './Applicant';
import { DashboardList } from './DashboardList';
import styles from './Dashboard.module.css';

type Action = { kind: 'accept' | 'decline'; applicationId: string; note?: string } | { kind: 'close' };

/**
 * One gig's applicants with Accept / Decline while the gig is open, and Close gig (without choosing,
 * asked twice). An action's answer updates the applicant's row in place; accepting or closing also
 * reads My gigs and the open gigs again (the gig's status changed).
 */
export function GigApplicants({ id, gig, onChanged }: { id: string; gig: MyGigRow; onChanged: () => void }) {
  const pages = useDashboardPages<ApplicantRow>(dashboardKey('applicants', gig.id), (after, limit) => fetchApplicants(gig.id, after, limit));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const open = gig.status === 'active';

  const run = async (action: Action) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      if (action.kind === 'close') await closeGig(gig.id);
      else if (action.kind === 'accept') showApplication(await fireTransition('accept_application', action.applicationId));
      else showApplication(await declineApplication(action.applicationId, action.note ?? ''));
      setConfirmClose(false);
      // The answer shows the application as it is now; closing changes every pending one (no answer).
      if (action.kind === 'close') pages.reload();
      // Accepting or closing changes the gig's status: My gigs and the open gigs read it again.
      if (action.kind !== 'decline') {
        onChanged();
        notifyGigsChanged();
      }
    } catch (error) {
      setFailure(failureText(error, 'That did not go through. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={id} className={ui.unfolded}>
      <DashboardList
        pages={pages}
        what="the applicants"
        noun={['applicant', 'applicants']}
        label={`Applicants for ${gig.title}`}
        empty={<p>No applicants yet. Share the gig's page to find one.</p>}
      >
        {(rows) => rows.map((row) => <Applicant key={row.id} row={row} canChoose={open} busy={busy} onChoose={(kind, note) => void run({ kind, applicationId: row.id, note })} />)}
      </DashboardList>
      {failure && (
        <p role="alert" className={ui.alert}>
          {failure}
        </p>
      )}
      {open && !confirmClose && (
        <button type="button" className={`${ui.small} ${styles.closeGig}`} onClick={() => setConfirmClose(true)}>
          Close gig without choosing
        </button>
      )}
      {open && confirmClose && (
        <div role="group" aria-label="Close this gig" className={styles.row}>
          <p>Close this gig? Pending applicants will be told it is closed.</p>
          <button type="button" className={ui.primary} aria-disabled={busy} onClick={() => void run({ kind: 'close' })}>
            Yes, close gig
          </button>
          <button type="button" className={ui.secondary} onClick={() => setConfirmClose(false)}>
            Keep it open
          </button>
        </div>
      )}
    </div>
  );
}

import { useCallback, useState } from 'react';
import { notifyGigsChanged } from '@need40/shared';
import { failureText, memberName, SlowNotice, ui, usePending } from '@need40/ui';
import { closeGig, declineApplication, fireTransition } from '../../../lib/applications';
import { fetchApplicants, type ApplicantRow, type MyGigRow } from '../api/dashboard';
import { dashboardKey, useDashboardPages } from '../hooks/useDashboardPages';
import { showApplication } from '../hooks/useDashboardLive';
import { Applicant } from './Applicant';
import { DashboardList } from './DashboardList';
import { UndoDecision, type Decision } from './UndoDecision';
import styles from './Dashboard.module.css';

type Action = { kind: 'accept' | 'decline'; applicationId: string; name: string; note?: string } | { kind: 'close' };

interface Props {
  id: string;
  gig: MyGigRow;
  onChanged: () => void;
  /** Only this application of the gig, its Accept focused (the dashboard opened at it); no Close gig here. */
  only?: string;
  /** With `only`: that applicant's thread open (a message's link) instead of Accept focused. */
  openThread?: boolean;
}

/**
 * One gig's applicants with Accept / Decline while the gig is open, and Close gig (without choosing,
 * asked twice). An action's answer updates the applicant's row in place; accepting or closing also
 * reads My gigs and the open gigs again (the gig's status changed). A slow action offers Retry and
 * Cancel (@need40/ui's one rule); a retry of one that got through is refused by the database's
 * state check, and the list read again shows where things stand. An Accept or a Decline can be
 * undone for a few seconds, before anyone is told (UndoDecision).
 */
export function GigApplicants({ id, gig, onChanged, only, openThread = false }: Props) {
  const key = only ? dashboardKey('application', only) : dashboardKey('applicants', gig.id);
  const pages = useDashboardPages<ApplicantRow>(key, (after, limit) => (only ? fetchApplicants(gig.id, after, limit, only) : fetchApplicants(gig.id, after, limit)));
  const pending = usePending();
  const busy = pending.busy;
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [decided, setDecided] = useState<Decision | null>(null);
  const open = gig.status === 'active';

  const run = async (action: Action) => {
    setFailure(null);
    let sentAt = 0;
    const outcome = await pending.run(async () => {
      sentAt = Date.now(); // the last attempt's start: the database's undo window began about then
      if (action.kind === 'close') await closeGig(gig.id);
      else if (action.kind === 'accept') showApplication(await fireTransition('accept_application', action.applicationId));
      else showApplication(await declineApplication(action.applicationId, action.note ?? ''));
    });
    if (!outcome || outcome.status === 'cancelled') return;
    if (outcome.status === 'failed') {
      setFailure(failureText(outcome.error, 'That did not go through. Check your connection and try again.'));
      pages.reload();
      return;
    }
    setConfirmClose(false);
    if (action.kind !== 'close') setDecided({ applicationId: action.applicationId, sentAt, text: `You ${action.kind === 'accept' ? 'accepted' : 'declined'} ${action.name}.` });
    // The answer shows the application as it is now; closing changes every pending one (no answer).
    if (action.kind === 'close') pages.reload();
    // Accepting or closing changes the gig's status: My gigs and the open gigs read it again.
    if (action.kind !== 'decline') {
      onChanged();
      notifyGigsChanged();
    }
  };

  const undoDone = useCallback(
    (undone: boolean) => {
      setDecided(null);
      if (!undone) return;
      pages.reload();
      onChanged();
      notifyGigsChanged();
    },
    [pages, onChanged],
  );

  return (
    <div id={id} className={ui.unfolded}>
      <DashboardList
        pages={pages}
        what="the applicants"
        noun={['applicant', 'applicants']}
        label={`Applicants for ${gig.title}`}
        empty={<p>No applicants yet. Share the gig's page to find one.</p>}
      >
        {(rows) =>
          rows.map((row) => (
            <Applicant key={row.id} row={row} canChoose={open} busy={busy} focus={row.id === only} openThread={row.id === only && openThread} onChoose={(kind, note) => void run({ kind, applicationId: row.id, name: memberName(row.worker), note })} />
          ))
        }
      </DashboardList>
      {decided && <UndoDecision key={decided.applicationId} decision={decided} onDone={undoDone} />}
      <SlowNotice pending={pending} />
      {failure && (
        <p role="alert" className={ui.alert}>
          {failure}
        </p>
      )}
      {open && !only && !confirmClose && (
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

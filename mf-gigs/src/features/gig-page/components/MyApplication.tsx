import { useState } from 'react';
import { failureText, ui } from '@need40/ui';
import { fireTransition, STATUS_LABELS, type ApplicationRef } from '../../../lib/applications';
import { formatDay } from '../../../lib/dates';
import { DealSlot } from '../../../lib/dealSlot';

/** The person's own application to this gig: status, date, the poster's notice, Withdraw while pending. */
export function MyApplication({ application, onChanged }: { application: ApplicationRef; onChanged: (a: ApplicationRef) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const withdraw = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await fireTransition('withdraw_application', application.id));
    } catch (error) {
      setFailure(failureText(error, 'Your application could not be withdrawn. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  const day = formatDay(application.created_at);
  return (
    <div>
      <p>
        Your application{day ? ` (${day})` : ''}: <strong data-application-status={application.status}>{STATUS_LABELS[application.status] ?? application.status}</strong>
      </p>
      {application.decline_notice && <p className={ui.muted}>{application.decline_notice}</p>}
      {application.decline_note && <p className={ui.muted}>A note from the poster: {application.decline_note}</p>}
      <DealSlot applicationId={application.id} status={application.status} side="worker" onChanged={(status) => onChanged({ ...application, status })} />
      {application.status === 'applied' && (
        <button type="button" className={ui.secondary} aria-disabled={busy} onClick={() => void (busy ? undefined : withdraw())}>
          {busy ? 'Withdrawing...' : 'Withdraw application'}
        </button>
      )}
      {failure && (
        <p role="alert" className={ui.alert}>
          {failure}
        </p>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { failureText, SlowNotice, ui, usePending } from '@need40/ui';
import { undoDecision } from '../../../lib/applications';

/**
 * How long Undo is offered. The database takes an undo for 10 seconds after the decision
 * (private.decision_undo_window) and holds the emails that long; a second is left for the round
 * trip, so a click in time is never refused for being late.
 */
export const UNDO_MS = 9_000;

export interface Decision {
  applicationId: string;
  /** When the decision was sent (Date.now()): the database's window started about then. */
  sentAt: number;
  /** "You accepted Walter Worker." */
  text: string;
}

/**
 * What the poster just decided, with Undo for a few seconds — nobody has been told yet. Gone when
 * the time is up (`onDone(false)`) or once undone (`onDone(true)`).
 */
export function UndoDecision({ decision, onDone }: { decision: Decision; onDone: (undone: boolean) => void }) {
  const pending = usePending();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (pending.busy || failure) return undefined;
    const timer = setTimeout(() => onDone(false), Math.max(0, decision.sentAt + UNDO_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [pending.busy, failure, onDone, decision.sentAt]);

  const undo = async () => {
    setFailure(null);
    const outcome = await pending.run(() => undoDecision(decision.applicationId));
    if (outcome?.status === 'done') onDone(true);
    if (outcome?.status === 'failed') setFailure(failureText(outcome.error, 'The decision could not be undone. Check your connection.'));
  };

  return (
    <div className={ui.status}>
      <p role="status">
        {decision.text} They will be told in a few seconds.{' '}
        <button type="button" className={ui.linkButton} aria-disabled={pending.busy} onClick={() => void (pending.busy ? undefined : undo())}>
          {pending.busy ? 'Undoing...' : 'Undo'}
        </button>
      </p>
      <SlowNotice pending={pending} />
      {failure && (
        <p role="alert" className={ui.alert}>
          {failure}{' '}
          <button type="button" className={ui.linkButton} onClick={() => onDone(false)}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { ui } from '@need40/ui';
import { DECLINE_NOTE_MAX } from '../../../lib/applications';
import styles from './Dashboard.module.css';

interface Props {
  name: string;
  busy: boolean;
  onAccept: () => void;
  onDecline: (note: string) => void;
  /** Scroll Accept into view and focus it once, when shown (the dashboard opened at this applicant). */
  focus?: boolean;
}

/**
 * Accept / Decline for one pending applicant, each asked once more: accepting says that every other
 * pending applicant will be declined; declining can carry a personal note to the applicant.
 */
export function ChooseApplicant({ name, busy, onAccept, onDecline, focus = false }: Props) {
  const [asking, setAsking] = useState<'accept' | 'decline' | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    accept.current?.scrollIntoView?.({ block: 'center' });
    accept.current?.focus({ preventScroll: true });
  }, [focus]);
  const hidden = <span className="visually-hidden"> {name}</span>;

  if (asking === 'accept') {
    return (
      <div role="group" aria-label={`Accept ${name}`} className={styles.confirm}>
        <p>Accept {name}? Every other pending applicant will be declined, and the gig will be filled.</p>
        <div className={styles.row}>
          <button type="button" className={ui.primary} aria-disabled={busy} onClick={onAccept}>
            Yes, accept{hidden}
          </button>
          <button type="button" className={ui.secondary} onClick={() => setAsking(null)}>
            Keep reviewing
          </button>
        </div>
      </div>
    );
  }
  if (asking === 'decline') {
    return (
      <form
        aria-label={`Decline ${name}`}
        className={styles.confirm}
        onSubmit={(event) => {
          event.preventDefault();
          onDecline(note.trim());
        }}
      >
        <label htmlFor={noteId}>A note to {name} (optional)</label>
        <textarea id={noteId} className={ui.input} rows={3} maxLength={DECLINE_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
        <div className={styles.row}>
          <button type="submit" className={ui.primary} aria-disabled={busy}>
            Decline{hidden}
          </button>
          <button type="button" className={ui.secondary} onClick={() => setAsking(null)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className={styles.row}>
      <button ref={accept} type="button" className={ui.primary} onClick={() => setAsking('accept')}>
        Accept{hidden}
      </button>
      <button type="button" className={ui.secondary} onClick={() => setAsking('decline')}>
        Decline{hidden}
      </button>
    </div>
  );
}

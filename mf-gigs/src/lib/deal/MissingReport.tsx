import { useState, type FormEvent } from 'react';
import { TextField, ui } from '@need40/ui';
import { MISSING_NOTE_MAX, reportPaymentMissing } from './api';
import { Failure } from './Failure';
import type { Deal } from './types';
import { useStep } from './useStep';
import styles from './Deal.module.css';

export const NOTE_REQUIRED = 'Write a short note for the poster';
export const NOTE_TOO_LONG = `The note must be at most ${MISSING_NOTE_MAX} characters`;

/** The worker says the payment did not arrive, with a required short note both sides will see. */
export function MissingReport({ deal, onCancel, onDone }: { deal: Deal; onCancel: () => void; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const step = useStep(onDone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !note.trim() ? NOTE_REQUIRED : note.length > MISSING_NOTE_MAX ? NOTE_TOO_LONG : null;
    setError(problem);
    if (!problem) void step.run(() => reportPaymentMissing(deal.id, note.trim()), 'Your report did not go through. Check your connection and try again.');
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="Report the payment missing">
      <TextField
        label="What is missing?"
        multiline
        rows={3}
        value={note}
        onChange={setNote}
        required
        error={error ?? undefined}
        hint={`${note.length} / ${MISSING_NOTE_MAX} characters`}
        placeholder="e.g. Nothing has arrived in my PayPal account yet."
      />
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} aria-disabled={step.busy}>
          {step.busy ? 'Sending...' : 'Send report'}
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <Failure text={step.failure} />
    </form>
  );
}

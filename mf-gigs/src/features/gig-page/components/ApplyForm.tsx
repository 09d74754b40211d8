import { useEffect, useRef, useState, type FormEvent } from 'react';
import { failureText, Field, TextField, ui } from '@need40/ui';
import { applyToGig, MESSAGE_MAX, type ApplicationRef } from '../../../lib/applications';
import { todayIso } from '../../../lib/dates';
import styles from './GigPage.module.css';

const MAX_RATE = 1_000_000;
export const APPLY_FAILED = 'Your application could not be sent. Check your connection and try again.';

interface Props {
  gigId: string;
  hourly: boolean;
  onApplied: (application: ApplicationRef) => void;
  onCancel: () => void;
}

/**
 * The application: a message to the poster (required, at most the database's limit, with a
 * counter), a proposed rate for hourly gigs and a start date (both optional). The database checks
 * everything again; its refusal is shown in its own words.
 */
export function ApplyForm({ gigId, hourly, onApplied, onCancel }: Props) {
  const [message, setMessage] = useState('');
  const [rate, setRate] = useState('');
  const [start, setStart] = useState('');
  const [errors, setErrors] = useState<{ message?: string; rate?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => messageRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const next: typeof errors = {};
    if (!message.trim()) next.message = 'Write a message to the poster';
    const proposed = rate.trim() === '' ? null : Number(rate);
    if (proposed !== null && !(proposed > 0 && proposed <= MAX_RATE)) next.rate = `The proposed rate must be greater than 0 and at most ${MAX_RATE}`;
    setErrors(next);
    setFailure(null);
    if (next.message) return messageRef.current?.focus();
    if (next.rate) return;
    setSending(true);
    try {
      onApplied(await applyToGig({ gigId, message: message.trim(), proposedRate: proposed, availableFrom: start || null }));
    } catch (error) {
      setFailure(failureText(error, APPLY_FAILED));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.applyForm} aria-labelledby="apply-form-title" noValidate onSubmit={(e) => void submit(e)}>
      <h3 id="apply-form-title" className={styles.subheading}>
        Apply for this gig
      </h3>
      <Field label="Message to the poster" required error={errors.message} hint={`${message.length} / ${MESSAGE_MAX} characters`}>
        {(control) => (
          <textarea {...control} ref={messageRef} rows={6} maxLength={MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
        )}
      </Field>
      {hourly && (
        <TextField
          label="Proposed rate ($ per hour)"
          hint="Optional. Leave empty to take the gig's rate."
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={rate}
          onChange={setRate}
          error={errors.rate}
        />
      )}
      <TextField label="When can you start?" hint="Optional." type="date" min={todayIso()} value={start} onChange={setStart} />
      <div aria-live="assertive">
        {failure && (
          <p role="alert" className={ui.alert}>
            {failure}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} aria-disabled={sending}>
          {sending ? 'Sending...' : 'Send application'}
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { openAuthModal, useSession } from '@need40/shared';
import { draftKey, failureText, Field, SlowNotice, TextField, ui, useDraft, usePending } from '@need40/ui';
import { applyToGig, MESSAGE_MAX, type ApplicationRef } from '../../../lib/applications';
import { todayIso } from '../../../lib/dates';
import { latestStart, proposedRate, rateError, startError } from '../lib/applyRules';
import styles from './GigPage.module.css';

export const APPLY_FAILED = 'Your application could not be sent. Check your connection and try again.';
export const SIGNED_OUT_NOTE = 'You were signed out. Your application is kept here — log in to send it.';

interface Props {
  gigId: string;
  hourly: boolean;
  onApplied: (application: ApplicationRef) => void;
  /** The database says this member has applied already (an earlier attempt got through): re-read it. */
  onAlreadyApplied: () => void;
  onCancel: () => void;
}

interface Draft {
  message: string;
  rate: string;
  start: string;
}
const EMPTY: Draft = { message: '', rate: '', start: '' };

/**
 * The application: a message to the poster (required, at most the database's limit, with a
 * counter), a proposed rate for hourly gigs and a start date (both optional, each checked at the
 * field as it changes). What is typed is a draft of this member for this gig: it survives a reload
 * and a sign-out in another tab (then "Log in" is offered here), and goes once the application is
 * sent. The database checks everything again; its refusal is shown in its own words.
 */
export function ApplyForm({ gigId, hourly, onApplied, onAlreadyApplied, onCancel }: Props) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [draft, setDraft, clearDraft] = useDraft<Draft>(draftKey('apply', userId, gigId), EMPTY);
  const [errors, setErrors] = useState<{ message?: string; rate?: string; start?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = usePending();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const signedOut = userId === null;

  useEffect(() => messageRef.current?.focus(), []);

  const edit = (field: keyof Draft, value: string) => {
    setDraft({ ...draft, [field]: value });
    // A field's error follows its value from the first time it was shown, and the start date is
    // checked as soon as it is picked: it is refused at the field, not after a round trip.
    if (field === 'message' && errors.message && value.trim()) setErrors({ ...errors, message: undefined });
    if (field === 'rate' && errors.rate) setErrors({ ...errors, rate: rateError(value) });
    if (field === 'start') setErrors({ ...errors, start: startError(value) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending.busy) return;
    if (signedOut) return openAuthModal('login');
    const next = { message: draft.message.trim() ? undefined : 'Write a message to the poster', rate: rateError(draft.rate), start: startError(draft.start) };
    setErrors(next);
    setFailure(null);
    if (next.message) return messageRef.current?.focus();
    if (next.rate || next.start) return;
    const input = { gigId, message: draft.message.trim(), proposedRate: proposedRate(draft.rate), availableFrom: draft.start || null };
    const outcome = await pending.run((signal) => applyToGig(input, signal));
    if (outcome?.status === 'done') {
      clearDraft();
      onApplied(outcome.value);
    } else if (outcome?.status === 'failed') {
      // A retried attempt whose first try got through: the application exists, show it.
      if ((outcome.error as { code?: string }).code === '23505') return onAlreadyApplied();
      setFailure(failureText(outcome.error, APPLY_FAILED));
    }
  };

  return (
    <form className={styles.applyForm} aria-labelledby="apply-form-title" noValidate onSubmit={(e) => void submit(e)}>
      <h3 id="apply-form-title" className={styles.subheading}>
        Apply for this gig
      </h3>
      <Field label="Message to the poster" required error={errors.message} hint={`${draft.message.length} / ${MESSAGE_MAX} characters`}>
        {(control) => (
          <textarea {...control} ref={messageRef} rows={6} maxLength={MESSAGE_MAX} value={draft.message} onChange={(e) => edit('message', e.target.value)} />
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
          value={draft.rate}
          onChange={(v) => edit('rate', v)}
          error={errors.rate}
        />
      )}
      <TextField label="When can you start?" hint="Optional." type="date" min={todayIso()} max={latestStart()} value={draft.start} onChange={(v) => edit('start', v)} error={errors.start} />
      <div aria-live="assertive">
        {failure && (
          <p role="alert" className={ui.alert}>
            {failure}
          </p>
        )}
        {signedOut && (
          <p role="alert" className={ui.alert}>
            {SIGNED_OUT_NOTE}{' '}
            <button type="button" className={ui.linkButton} onClick={() => openAuthModal('login')}>
              Log in
            </button>
          </p>
        )}
      </div>
      <SlowNotice pending={pending} />
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} aria-disabled={pending.busy}>
          {pending.busy ? 'Sending...' : 'Send application'}
        </button>
        <button type="button" className={ui.secondary} onClick={() => (pending.cancel(), clearDraft(), onCancel())}>
          Cancel
        </button>
      </div>
    </form>
  );
}

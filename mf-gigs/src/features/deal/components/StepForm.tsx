import { useState, type FormEvent } from 'react';
import { TextField, ui } from '@need40/ui';
import { LINK_MAX, NOTE_MAX } from '../api/steps';
import { useStep } from '../hooks/useStep';
import { Failure } from './Failure';
import styles from './Deal.module.css';

interface Props {
  /** The button that opens the form, and the form's name. */
  open: string;
  /** The submit button. */
  submit: string;
  label: string;
  /** A note is required (a delivery, a change request, a dispute) or optional (a cancellation). */
  required?: boolean;
  /** Offer an optional link (a delivery). */
  withLink?: boolean;
  hint?: string;
  run: (note: string, link: string) => Promise<void>;
  fallback: string;
  onDone: () => void;
}

const LINK = /^https?:\/\/\S+$/;

/** A step that carries a note (and maybe a link): a button, then a short form checked before the database sees it. */
export function StepForm({ open, submit, label, required = true, withLink = false, hint, run, fallback, onDone }: Props) {
  const [shown, setShown] = useState(false);
  const [note, setNote] = useState('');
  const [link, setLink] = useState('');
  const [errors, setErrors] = useState<{ note?: string; link?: string }>({});
  const step = useStep(onDone);

  if (!shown) {
    return (
      <button type="button" className={ui.secondary} onClick={() => setShown(true)}>
        {open}
      </button>
    );
  }
  const send = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      note: required && !note.trim() ? 'Write a note' : note.trim().length > NOTE_MAX ? `A note must be at most ${NOTE_MAX} characters` : undefined,
      link: link.trim() && (!LINK.test(link.trim()) || link.trim().length > LINK_MAX) ? 'A link must start with https:// or http://' : undefined,
    };
    setErrors(next);
    if (!next.note && !next.link) void step.run(() => run(note.trim(), link.trim()), fallback);
  };
  return (
    <form className={styles.form} noValidate onSubmit={send} aria-label={open}>
      <TextField label={label} multiline rows={3} value={note} onChange={setNote} error={errors.note} hint={hint ?? `${note.length} / ${NOTE_MAX} characters`} required={required} />
      {withLink && <TextField label="Link (optional)" type="url" value={link} onChange={setLink} error={errors.link} />}
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} aria-disabled={step.busy}>
          {step.busy ? 'Sending...' : submit}
        </button>
        <button type="button" className={ui.secondary} onClick={() => setShown(false)}>
          Cancel
        </button>
      </div>
      <Failure text={step.failure} />
    </form>
  );
}

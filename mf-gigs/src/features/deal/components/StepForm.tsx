import { useId, useState, type FormEvent } from 'react';
import { TextField, ui } from '@need40/ui';
import { ATTACHMENT_RULE, ATTACHMENT_TYPES, attachable } from '../../../lib/attachments/attachments';
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
  /** Offer an optional file (a delivery). */
  withFile?: boolean;
  hint?: string;
  run: (note: string, link: string, file: File | null) => Promise<void>;
  fallback: string;
  onDone: () => void;
}

const LINK = /^https?:\/\/\S+$/;

/** A step that carries a note (and maybe a link and a file): a button, then a short form checked before the database sees it. */
export function StepForm({ open, submit, label, required = true, withLink = false, withFile = false, hint, run, fallback, onDone }: Props) {
  const [shown, setShown] = useState(false);
  const [note, setNote] = useState('');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ note?: string; link?: string; file?: string }>({});
  const step = useStep(onDone);
  const fileError = useId();

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
      file: file && !attachable(file) ? ATTACHMENT_RULE : undefined,
    };
    setErrors(next);
    if (!next.note && !next.link && !next.file) void step.run(() => run(note.trim(), link.trim(), file), fallback);
  };
  return (
    <form className={styles.form} noValidate onSubmit={send} aria-label={open}>
      <TextField label={label} multiline rows={3} value={note} onChange={setNote} error={errors.note} hint={hint ?? `${note.length} / ${NOTE_MAX} characters`} required={required} />
      {withLink && <TextField label="Link (optional)" type="url" value={link} onChange={setLink} error={errors.link} />}
      {withFile && (
        <div className={styles.file}>
          <label>
            File (optional){' '}
            <input type="file" accept={ATTACHMENT_TYPES.join(',')} aria-invalid={errors.file ? true : undefined} aria-describedby={errors.file ? fileError : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          {errors.file && <p id={fileError} className={ui.fieldError}>{errors.file}</p>}
        </div>
      )}
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

/**
 * "Report" on a gig, a profile or a message: a reason from the short list and an optional note,
 * sent to the database's report_item function through the page's client (passed in: this package
 * does not depend on the kernel). The database keeps one open report per member per item and says
 * so in words, which are shown as they are; so is its thanks.
 */
import { useId, useState, type FormEvent } from 'react';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import styles from './ui.module.css';

export type ReportKind = 'gig' | 'profile' | 'message';
export type ReportReason = 'scam' | 'spam' | 'harassment' | 'inappropriate' | 'other';

export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'other', label: 'Something else' },
];

export const REPORT_SENT = 'Thank you. The Need40 team will look at it and let you know what they decide.';

/** The one thing this needs of a Supabase client. */
export interface RpcClient {
  rpc(fn: 'report_item', args: { p_kind: ReportKind; p_target_id: string; p_reason: ReportReason; p_note: string | undefined }): PromiseLike<{ error: { message: string } | null }>;
}

export interface ReportButtonProps {
  client: RpcClient;
  kind: ReportKind;
  targetId: string;
  /** What is reported, for the button's accessible name: "Report this gig". */
  what: string;
}

export function ReportButton({ client, kind, targetId, what }: ReportButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError('Choose a reason.');
    setBusy(true);
    setError(null);
    try {
      const { error: refused } = await client.rpc('report_item', { p_kind: kind, p_target_id: targetId, p_reason: reason, p_note: note.trim() || undefined });
      if (refused) setError(refused.message);
      else setSent(true);
    } catch {
      setError('The report could not be sent. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  if (sent) return <p role="status" className={styles.status}>{REPORT_SENT}</p>;
  if (!open)
    return (
      <button type="button" className={styles.linkButton} aria-label={`Report ${what}`} onClick={() => setOpen(true)}>
        Report
      </button>
    );
  return (
    <form className={styles.stack} aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${id}-title`}>Report {what}</h3>
      <SelectField id={`${id}-reason`} label="Reason" required value={reason} options={REPORT_REASONS} emptyLabel="Choose a reason" onChange={setReason} />
      <TextField id={`${id}-note`} label="Note (optional)" multiline rows={3} value={note} onChange={setNote} />
      {error && (
        <p role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
      <div>
        <button type="submit" className={`${styles.button} ${styles.primary}`} aria-disabled={busy}>
          Send report
        </button>{' '}
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

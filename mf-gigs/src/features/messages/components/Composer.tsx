import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { draftKey, failureText, Field, SlowNotice, ui, useDraft, usePending } from '@need40/ui';
import { MESSAGE_BODY_MAX } from '../api/messages';
import { ATTACHMENT_RULE, ATTACHMENT_TYPES, attachable } from '../../../lib/attachments/attachments';
import styles from './Messages.module.css';

export const SEND_FAILED = 'Your message could not be sent. Check your connection and try again.';

interface Props {
  applicationId: string;
  userId: string | null;
  otherName: string;
  /** Sends once: `id` is this send's, kept for its retries; `signal` aborts the request. */
  send: (body: string, file: File | null, id: string, signal?: AbortSignal) => Promise<void>;
  onTyping: () => void;
}

/**
 * The message box — text (at most the database's limit, with a counter), a file, or both; Enter
 * or Ctrl+Enter sends, Shift+Enter starts a new line. The text is a draft of this member for this
 * thread (useDraft, as an application is): it survives a reload and goes once sent. A send has one
 * id chosen when Send is pressed, so the slow notice's Retry never posts it twice; a failed send
 * keeps the draft and says why.
 */
export function Composer({ applicationId, userId, otherName, send, onTyping }: Props) {
  const [draft, setDraft, clearDraft] = useDraft<{ body: string }>(draftKey('message', userId, applicationId), { body: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = usePending();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending.busy) return;
    setFailure(null);
    if (file && !attachable(file)) return setFailure(ATTACHMENT_RULE);
    if (!draft.body.trim() && !file) return setError('Write a message');
    setError(undefined);
    const id = crypto.randomUUID();
    const body = draft.body.trim();
    const outcome = await pending.run((signal) => send(body, file, id, signal));
    if (outcome?.status === 'done') {
      clearDraft();
      setFile(null);
      setFileKey((k) => k + 1);
    } else if (outcome?.status === 'failed') {
      setFailure(failureText(outcome.error, SEND_FAILED));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className={styles.composer} noValidate onSubmit={(e) => void submit(e)} aria-label={`Write to ${otherName}`}>
      <Field label="Your message" required error={error} hint={`${draft.body.length} / ${MESSAGE_BODY_MAX} characters. Enter sends, Shift+Enter adds a line.`}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={MESSAGE_BODY_MAX}
            value={draft.body}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              setDraft({ body: e.target.value });
              if (e.target.value.trim()) onTyping();
            }}
          />
        )}
      </Field>
      <label className={styles.attach}>
        Attach a file (optional)
        <input key={fileKey} type="file" accept={ATTACHMENT_TYPES.join(',')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <div aria-live="assertive">
        {failure && (
          <p role="alert" className={ui.alert}>
            {failure}
          </p>
        )}
      </div>
      <SlowNotice pending={pending} />
      <button type="submit" className={ui.primary} aria-disabled={pending.busy}>
        {pending.busy ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}

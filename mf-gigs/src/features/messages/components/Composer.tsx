import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { failureText, Field, ui } from '@need40/ui';
import { MESSAGE_BODY_MAX } from '../api/messages';
import { ATTACHMENT_RULE, ATTACHMENT_TYPES, attachable } from '../../../lib/attachments/attachments';
import styles from './Messages.module.css';

export const SEND_FAILED = 'Your message could not be sent. Check your connection and try again.';

interface Props {
  otherName: string;
  send: (body: string, file: File | null) => Promise<void>;
  onTyping: () => void;
}

/**
 * The message box — text (at most the database's limit, with a counter), a file, or both; Enter
 * or Ctrl+Enter sends, Shift+Enter starts a new line. A failed send keeps the draft and says why.
 */
export function Composer({ otherName, send, onTyping }: Props) {
  const [draft, setDraft] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    setFailure(null);
    if (file && !attachable(file)) return setFailure(ATTACHMENT_RULE);
    if (!draft.trim() && !file) return setError('Write a message');
    setError(undefined);
    setSending(true);
    try {
      await send(draft.trim(), file);
      setDraft('');
      setFile(null);
      setFileKey((k) => k + 1);
    } catch (err) {
      setFailure(failureText(err, SEND_FAILED));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className={styles.composer} noValidate onSubmit={(e) => void submit(e)} aria-label={`Write to ${otherName}`}>
      <Field label="Your message" required error={error} hint={`${draft.length} / ${MESSAGE_BODY_MAX} characters. Enter sends, Shift+Enter adds a line.`}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={MESSAGE_BODY_MAX}
            value={draft}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              setDraft(e.target.value);
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
      <button type="submit" className={ui.primary} aria-disabled={sending}>
        {sending ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useSession } from '@need40/shared';
import { TextField, ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { changeEmail } from '../api/credentials';
import { useAction } from '../hooks/useAction';
import { Messages } from './Messages';
import styles from './Security.module.css';

export const EMAIL_TEXT = {
  title: 'Email address',
  submit: 'Change email',
  sent: (email: string) => `We sent a confirmation link to ${email}. Your email changes when you follow it.`,
  failed: 'Your email was not changed. Please try again.',
} as const;

/** Move the account to another address: the auth server mails a confirmation link to the new one. */
export function EmailSection() {
  const current = useSession((s) => s.user?.email ?? '');
  const pending = useSession((s) => s.user?.new_email ?? null);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction(EMAIL_TEXT.failed);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    const next = email.trim();
    if (!next) return setError('Please enter the new email address');
    if (next.toLowerCase() === current.toLowerCase()) return setError('That is already your email address');
    const result = await run(() => changeEmail(next));
    if (result.ok) {
      setEmail('');
      setStatus(EMAIL_TEXT.sent(next));
    }
  }

  return (
    <ViewSection title={EMAIL_TEXT.title} level={4}>
      <p>
        You log in with <strong>{current}</strong>.
        {pending && ` Waiting for you to confirm ${pending}.`}
      </p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <TextField label="New email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <Messages error={error} status={status} />
        <button type="submit" className={ui.secondary} aria-disabled={busy}>
          {busy ? 'Sending...' : EMAIL_TEXT.submit}
        </button>
      </form>
    </ViewSection>
  );
}

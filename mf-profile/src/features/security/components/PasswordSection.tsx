import { useState, type FormEvent } from 'react';
import { MESSAGES, MIN_PASSWORD_LENGTH } from '@need40/shared';
import { TextField, ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { changePassword, REAUTHENTICATION_NEEDED, sendReauthCode } from '../api/credentials';
import { codeOf, useAction } from '../hooks/useAction';
import { Messages } from './Messages';
import styles from './Security.module.css';

export const PASSWORD_TEXT = {
  title: 'Password',
  submit: 'Change password',
  codeSent: 'You signed in more than a day ago, so we emailed you a 6-digit code to confirm it is you. Enter it and press Change password again.',
  done: 'Your password is changed. Every other session was logged out.',
  failed: 'Your password was not changed. Please try again.',
} as const;

/**
 * Change the password. A session older than a day needs a code mailed to the member first (the
 * auth server's reauthentication); the form asks for it only then.
 */
export function PasswordSection() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction(PASSWORD_TEXT.failed);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    // The sign-up's password rules, in the product's words (mismatch first, then the length).
    if (password !== confirm) return setError(MESSAGES.passwordsDoNotMatch);
    if (password.length < MIN_PASSWORD_LENGTH) return setError(MESSAGES.passwordTooShort);
    if (code !== null && !code.trim()) return setError('Please enter the code from the email');
    const result = await run(() => changePassword(password, code?.trim() || undefined));
    if (result.ok) {
      setPassword('');
      setConfirm('');
      setCode(null);
      setStatus(PASSWORD_TEXT.done);
    } else if (codeOf(result.caught) === REAUTHENTICATION_NEEDED) {
      const sent = await run(sendReauthCode);
      if (sent.ok) {
        setCode('');
        setStatus(PASSWORD_TEXT.codeSent);
      }
    }
  }

  return (
    <ViewSection title={PASSWORD_TEXT.title} level={4}>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <TextField label="New password" type="password" autoComplete="new-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters`} value={password} onChange={setPassword} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
        {code !== null && <TextField label="Code from the email" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} />}
        <Messages error={error} status={status} />
        <button type="submit" className={ui.primary} aria-disabled={busy}>
          {busy ? 'Saving...' : PASSWORD_TEXT.submit}
        </button>
      </form>
    </ViewSection>
  );
}

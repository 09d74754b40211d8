import { useState, type FormEvent } from 'react';
import { MESSAGES, MIN_PASSWORD_LENGTH } from '@need40/shared';
import { TextField, ui } from '@need40/ui';
import { setNewPassword } from '../api/account';
import { useAuthRequest } from '../hooks/useAuthRequest';
import { ACCOUNT_TEXT } from '../lib/accountText';
import { REQUIRED_TEXT } from '../lib/labels';
import { validateSignup } from '../lib/validateSignup';
import { FormMessages } from './FormMessages';
import styles from './AuthDialog.module.css';

/**
 * After a password-reset link: the person is already signed in by the link; this sets the new
 * password (the product's password rules) and then says so, with Continue to close the dialog.
 */
export function RecoveryForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, fail, run } = useAuthRequest();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) return fail(REQUIRED_TEXT.password);
    // The sign-up's password rules (mismatch first, then the length).
    const problem = validateSignup({ fullName: '', email: '', password, confirmPassword: confirm });
    if (problem) return fail(problem);
    const result = await run(() => setNewPassword(password));
    if (result.ok) setDone(true);
  }

  if (done) {
    return (
      <div className={styles.form}>
        <FormMessages error={null} success={ACCOUNT_TEXT.recovery.done} />
        <button type="button" className={ui.primary} onClick={onDone} autoFocus>
          {ACCOUNT_TEXT.recovery.close}
        </button>
      </div>
    );
  }
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <TextField label="New password" type="password" autoComplete="new-password" required autoFocus hint={`At least ${MIN_PASSWORD_LENGTH} characters`} value={password} onChange={setPassword} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
      <FormMessages error={error} />
      <button type="submit" className={ui.primary} aria-disabled={busy}>
        {busy ? MESSAGES.loading : ACCOUNT_TEXT.recovery.submit}
      </button>
    </form>
  );
}

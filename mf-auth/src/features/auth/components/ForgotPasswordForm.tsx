import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@need40/shared';
import { TextField, ui } from '@need40/ui';
import { requestPasswordReset } from '../api/account';
import { useAuthRequest } from '../hooks/useAuthRequest';
import { ACCOUNT_TEXT, mailLimitWords } from '../lib/accountText';
import { REQUIRED_TEXT } from '../lib/labels';
import { FormMessages } from './FormMessages';
import styles from './AuthDialog.module.css';

/**
 * "Forgot password?": asks for the email and has a reset link mailed. The answer is one sentence
 * whether or not the address has an account (the backend answers alike, so nobody learns who is
 * registered); only a refused request (a malformed address, the mail limit, no network) says more.
 * `notice`: why the dialog opened by itself (a reset link this browser cannot use), until sent.
 */
export function ForgotPasswordForm({ initialEmail = '', notice = null, onBack }: { initialEmail?: string; notice?: string | null; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const { busy, error, fail, run } = useAuthRequest();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSent(false);
    if (!email.trim()) return fail(REQUIRED_TEXT.email);
    const result = await run(() => requestPasswordReset(email), mailLimitWords);
    if (result.ok) setSent(true);
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <TextField label="Email" type="email" autoComplete="email" required autoFocus value={email} onChange={setEmail} />
      <FormMessages error={error} success={sent ? ACCOUNT_TEXT.resetSent : notice} />
      <button type="submit" className={ui.primary} aria-disabled={busy}>
        {busy ? MESSAGES.loading : ACCOUNT_TEXT.forgot.submit}
      </button>
      <p className={styles.switch}>
        <button type="button" className={ui.linkButton} onClick={onBack}>
          {ACCOUNT_TEXT.forgot.back}
        </button>
      </p>
    </form>
  );
}

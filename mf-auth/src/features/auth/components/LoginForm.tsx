import { useState, type FormEvent } from 'react';
import { closeAuthModal, MESSAGES } from '@need40/shared';
import { TextField, ui } from '@need40/ui';
import { resendConfirmation } from '../api/account';
import { secondStepFactor } from '../api/secondStep';
import { signIn } from '../api/signIn';
import { useAuthRequest } from '../hooks/useAuthRequest';
import { ACCOUNT_TEXT, mailLimitWords } from '../lib/accountText';
import { AUTH_TEXT, REQUIRED_TEXT } from '../lib/labels';
import { FormMessages } from './FormMessages';
import { SecondStepForm } from './SecondStepForm';
import styles from './AuthDialog.module.css';

interface Props {
  initialError?: string | null;
  initialNotice?: string | null;
  /** "Forgot password?", with the email typed so far. */
  onForgot?: (email: string) => void;
}

/**
 * Log in with email and password; closes the modal on success, shows the backend's message
 * otherwise. When the address is not confirmed yet, offers to mail the confirmation link again; an
 * account with an authenticator app is asked for its code next (SecondStepForm).
 */
export function LoginForm({ initialError = null, initialNotice = null, onForgot }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState(initialNotice);
  /** The unconfirmed address the last attempt used: the resend offer is for it. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  /** Set when the password was right and the account's authenticator app must give a code too. */
  const [factorId, setFactorId] = useState<string | null>(null);
  const { busy, error, fail, run } = useAuthRequest(initialError);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    setUnconfirmed(null);
    if (!email.trim()) return fail(REQUIRED_TEXT.email);
    if (!password) return fail(REQUIRED_TEXT.password);
    const result = await run(async () => {
      await signIn({ email, password });
      return secondStepFactor();
    });
    if (result.ok) {
      if (result.value) setFactorId(result.value);
      else closeAuthModal();
    } else if ((result.caught as { code?: string } | null)?.code === 'email_not_confirmed') setUnconfirmed(email.trim());
  }

  async function onResend() {
    if (busy || !unconfirmed) return;
    setNotice(null);
    const result = await run(() => resendConfirmation(unconfirmed), mailLimitWords);
    if (result.ok) {
      setNotice(ACCOUNT_TEXT.resent(unconfirmed));
      setUnconfirmed(null);
    }
  }

  if (factorId) return <SecondStepForm factorId={factorId} />;
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <TextField label="Email" type="email" autoComplete="email" required autoFocus value={email} onChange={setEmail} />
      <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
      {onForgot && (
        <p className={styles.aside}>
          <button type="button" className={ui.linkButton} onClick={() => onForgot(email)}>
            {ACCOUNT_TEXT.forgotLink}
          </button>
        </p>
      )}
      <FormMessages error={error} success={notice} />
      {unconfirmed && (
        <button type="button" className={ui.secondary} onClick={onResend} aria-disabled={busy}>
          {ACCOUNT_TEXT.resend}
        </button>
      )}
      <button type="submit" className={ui.primary} aria-disabled={busy}>
        {busy ? MESSAGES.loading : AUTH_TEXT.login.submit}
      </button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { closeAuthModal, MESSAGES } from '@need40/shared';
import { ui } from '@need40/ui';
import { signIn } from '../api/signIn';
import { useAuthRequest } from '../hooks/useAuthRequest';
import { AUTH_TEXT, REQUIRED_TEXT } from '../lib/labels';
import { FormMessages } from './FormMessages';
import styles from './AuthDialog.module.css';
import { TextField } from '@need40/ui';

/** Log in with email and password; closes the modal on success, shows the backend's message otherwise. */
export function LoginForm({ initialError = null, initialNotice = null }: { initialError?: string | null; initialNotice?: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState(initialNotice);
  const { busy, error, fail, run } = useAuthRequest(initialError);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (!email.trim()) return fail(REQUIRED_TEXT.email);
    if (!password) return fail(REQUIRED_TEXT.password);
    const result = await run(() => signIn({ email, password }));
    if (result.ok) closeAuthModal();
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <TextField label="Email" type="email" autoComplete="email" required autoFocus value={email} onChange={setEmail} />
      <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
      <FormMessages error={error} success={notice} />
      <button type="submit" className={ui.primary} aria-disabled={busy}>
        {busy ? MESSAGES.loading : AUTH_TEXT.login.submit}
      </button>
    </form>
  );
}

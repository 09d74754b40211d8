import { useState, type FormEvent } from 'react';
import { MESSAGES, MIN_PASSWORD_LENGTH } from '@need40/shared';
import { ui } from '@need40/ui';
import { validateSignup } from '../lib/validateSignup';
import { signUp } from '../api/signUp';
import { useAuthRequest } from '../hooks/useAuthRequest';
import { AUTH_TEXT, REQUIRED_TEXT } from '../lib/labels';
import { FormMessages } from './FormMessages';
import styles from './AuthDialog.module.css';
import { TextField } from '@need40/ui';

const empty = { fullName: '', email: '', password: '', confirmPassword: '' };

/**
 * Create an account: full name, email and password are required; the spec's password rules;
 * then "Check your email to confirm your account!" with the modal left open.
 */
export function SignupForm({ initialError = null, initialNotice = null }: { initialError?: string | null; initialNotice?: string | null }) {
  const [form, setForm] = useState(empty);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState(initialNotice);
  const { busy, error, fail, run } = useAuthRequest(initialError);
  const field = (name: keyof typeof empty) => ({
    value: form[name],
    onChange: (value: string) => {
      setForm((prev) => ({ ...prev, [name]: value }));
      setDone(false);
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setDone(false);
    setNotice(null);
    if (!form.fullName.trim()) return fail(REQUIRED_TEXT.fullName);
    if (!form.email.trim()) return fail(REQUIRED_TEXT.email);
    if (!form.password) return fail(REQUIRED_TEXT.password);
    const invalid = validateSignup(form);
    if (invalid) return fail(invalid);
    const result = await run(() => signUp(form));
    if (result.ok) {
      setForm(empty);
      setDone(true);
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <TextField label="Full Name" autoComplete="name" required autoFocus {...field('fullName')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        {...field('password')}
      />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <FormMessages error={error} success={done ? MESSAGES.signupSuccess : notice} />
      <button type="submit" className={ui.primary} aria-disabled={busy}>
        {busy ? MESSAGES.loading : AUTH_TEXT.signup.submit}
      </button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { closeAuthModal, MESSAGES } from '@need40/shared';
import { TextField, ui } from '@need40/ui';
import { verifySecondStep } from '../api/secondStep';
import { useAuthRequest } from '../hooks/useAuthRequest';
import { FormMessages } from './FormMessages';
import styles from './AuthDialog.module.css';

export const SECOND_STEP_TEXT = {
  intro: 'Your account uses an authenticator app. Enter the 6-digit code it shows now.',
  submit: 'Verify',
  digits: 'Enter the 6 digits your app shows',
} as const;

/** After the password of an account with an authenticator app: its code, then the dialog closes. */
export function SecondStepForm({ factorId }: { factorId: string }) {
  const [code, setCode] = useState('');
  const { busy, error, fail, run } = useAuthRequest();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) return fail(SECOND_STEP_TEXT.digits);
    const result = await run(() => verifySecondStep(factorId, code));
    if (result.ok) closeAuthModal();
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <p>{SECOND_STEP_TEXT.intro}</p>
      <TextField label="Code from your authenticator app" inputMode="numeric" autoComplete="one-time-code" required autoFocus value={code} onChange={setCode} />
      <FormMessages error={error} />
      <button type="submit" className={ui.primary} aria-disabled={busy}>
        {busy ? MESSAGES.loading : SECOND_STEP_TEXT.submit}
      </button>
    </form>
  );
}

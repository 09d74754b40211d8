import { useState } from 'react';
import { closeAuthModal, useUi } from '@need40/shared';
import { AuthDialog } from '../features/auth/components/AuthDialog';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import { LoginForm } from '../features/auth/components/LoginForm';
import { ModeSwitch } from '../features/auth/components/ModeSwitch';
import { RecoveryForm } from '../features/auth/components/RecoveryForm';
import { SignupForm } from '../features/auth/components/SignupForm';
import { useRecovery } from '../features/auth/hooks/useRecovery';
import { ACCOUNT_TEXT } from '../features/auth/lib/accountText';
import { AUTH_TEXT } from '../features/auth/lib/labels';

/**
 * Exposed to the shell as `auth/AuthModal`: the login / signup modal, shown while the shared UI
 * store says so (`openAuthModal('login' | 'signup', { error?, notice? })` from anywhere on the page;
 * `error` shows in the form's error area, e.g. the backend's message about a used email link, and
 * `notice` in its status area). Switching mode starts the other form afresh, which clears the error
 * (docs/product.md, states). From the login form, "Forgot password?" asks for a reset link; a page
 * opened from that link (PASSWORD_RECOVERY) shows "Set a new password" by itself.
 */
export default function AuthModal() {
  const open = useUi((s) => s.authModal.open);
  const mode = useUi((s) => s.authModal.mode);
  const error = useUi((s) => s.authModal.error ?? null);
  const notice = useUi((s) => s.authModal.notice ?? null);
  const recovery = useRecovery();
  /** Set while the login dialog shows "Forgot password?" (the email typed so far). */
  const [forgot, setForgot] = useState<string | null>(null);
  // Closing the modal (from anywhere) forgets that step: adjusted while rendering, not in an effect.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setForgot(null);
  }

  if (recovery.active) {
    const text = ACCOUNT_TEXT.recovery;
    return (
      <AuthDialog title={text.title} subtitle={text.subtitle} onClose={recovery.end}>
        <RecoveryForm onDone={recovery.end} />
      </AuthDialog>
    );
  }
  if (!open) return null;
  if (mode === 'login' && forgot !== null) {
    const text = ACCOUNT_TEXT.forgot;
    return (
      <AuthDialog title={text.title} subtitle={text.subtitle} onClose={closeAuthModal}>
        <ForgotPasswordForm initialEmail={forgot} onBack={() => setForgot(null)} />
      </AuthDialog>
    );
  }
  const text = AUTH_TEXT[mode];
  // Keyed by the messages too: new ones from outside start the form afresh with them.
  const key = `${mode}:${error ?? ''}:${notice ?? ''}`;
  return (
    <AuthDialog title={text.title} subtitle={text.subtitle} onClose={closeAuthModal}>
      {mode === 'login' ? (
        <LoginForm key={key} initialError={error} initialNotice={notice} onForgot={setForgot} />
      ) : (
        <SignupForm key={key} initialError={error} initialNotice={notice} />
      )}
      <ModeSwitch mode={mode} />
    </AuthDialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import { closeAuthModal, setAuthMode, useSession, useUi } from '@need40/shared';
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
 * opened from that link (PASSWORD_RECOVERY) shows "Set a new password" by itself; the same link
 * opened in another browser (which cannot use it) shows "Set a new password" too, saying why a new
 * link is needed and asking for it there (`step: 'recovery-elsewhere'`). A sign-in that
 * happens elsewhere while the modal is open — the confirmation link of a sign-up opened in another
 * tab, a login there — closes it: its job is done (the recovery dialog is not this modal).
 */
export default function AuthModal() {
  const open = useUi((s) => s.authModal.open);
  useClosesOnSignIn(open);
  const mode = useUi((s) => s.authModal.mode);
  const error = useUi((s) => s.authModal.error ?? null);
  const notice = useUi((s) => s.authModal.notice ?? null);
  const step = useUi((s) => s.authModal.step ?? null);
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
  if (mode === 'login' && step === 'recovery-elsewhere' && forgot === null) {
    // A reset link this browser cannot use: still the reset's own words, and a new link from here.
    return (
      <AuthDialog title={ACCOUNT_TEXT.recovery.title} subtitle={ACCOUNT_TEXT.forgot.subtitle} onClose={closeAuthModal}>
        <ForgotPasswordForm notice={ACCOUNT_TEXT.recoveryElsewhere} onBack={() => setAuthMode('login')} />
      </AuthDialog>
    );
  }
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

/**
 * Closes the modal when the session becomes signed in while it is open. Only on that change: the
 * modal may be opened while the page still holds a session the server no longer takes (an expired
 * one), and must then stay open.
 */
function useClosesOnSignIn(open: boolean): void {
  const signedIn = useSession((s) => s.status === 'signed-in');
  const before = useRef(signedIn);
  useEffect(() => {
    if (open && signedIn && !before.current) closeAuthModal();
    before.current = signedIn;
  }, [open, signedIn]);
}

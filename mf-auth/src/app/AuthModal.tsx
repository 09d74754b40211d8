import { closeAuthModal, useUi } from '@need40/shared';
import { AuthDialog } from '../features/auth/components/AuthDialog';
import { LoginForm } from '../features/auth/components/LoginForm';
import { ModeSwitch } from '../features/auth/components/ModeSwitch';
import { SignupForm } from '../features/auth/components/SignupForm';
import { AUTH_TEXT } from '../features/auth/lib/labels';

/**
 * Exposed to the shell as `auth/AuthModal`: the login / signup modal, shown while the shared UI
 * store says so (`openAuthModal('login' | 'signup')` from anywhere on the page). Switching mode
 * starts the other form afresh, which clears the error (SPEC §4).
 */
export default function AuthModal() {
  const open = useUi((s) => s.authModal.open);
  const mode = useUi((s) => s.authModal.mode);
  if (!open) return null;
  const text = AUTH_TEXT[mode];
  return (
    <AuthDialog title={text.title} subtitle={text.subtitle} onClose={closeAuthModal}>
      {mode === 'login' ? <LoginForm key="login" /> : <SignupForm key="signup" />}
      <ModeSwitch mode={mode} />
    </AuthDialog>
  );
}

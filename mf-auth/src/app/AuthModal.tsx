import { useUi } from '@need40/shared';

/** Exposed to the shell: the login / signup modal. Renders nothing while closed. */
export default function AuthModal() {
  const open = useUi((s) => s.authModal.open);
  const mode = useUi((s) => s.authModal.mode);
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="auth-title">
      <h2 id="auth-title">{mode === 'login' ? 'Welcome Back' : 'Create Account'}</h2>
    </div>
  );
}

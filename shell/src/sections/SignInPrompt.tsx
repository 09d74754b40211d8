/** What a signed-in-only view shows to a visitor: why, and a Login button (or a wait while the session is read). */
import { openAuthModal, useSession } from '@need40/shared';
import styles from './Sections.module.css';

export function SignInPrompt({ text }: { text: string }) {
  const status = useSession((s) => s.status);
  return (
    <div className={styles.signInPrompt}>
      <p>{status === 'loading' ? 'Checking your session…' : text}</p>
      {status !== 'loading' && (
        <button type="button" className={styles.signInButton} onClick={() => openAuthModal('login')}>
          Login
        </button>
      )}
    </div>
  );
}

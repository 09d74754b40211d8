import { setAuthMode, type AuthMode } from '@need40/shared';
import { ui } from '@need40/ui';
import { AUTH_TEXT } from '../lib/labels';
import styles from './AuthDialog.module.css';

/** "Don't have an account? Sign Up" / "Already have an account? Log In": switches the modal's mode. */
export function ModeSwitch({ mode }: { mode: AuthMode }) {
  const text = AUTH_TEXT[mode];
  return (
    <p className={styles.switch}>
      {text.switchPrompt}{' '}
      <button type="button" className={ui.linkButton} onClick={() => setAuthMode(mode === 'login' ? 'signup' : 'login')}>
        {text.switchAction}
      </button>
    </p>
  );
}

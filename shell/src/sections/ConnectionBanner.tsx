/**
 * The connection-test banner at the top of Home: the success or failure message of
 * docs/product.md (error catalogue). Quiet while all is well — a small status line, so visitors are
 * not greeted by a developer notice — and prominent only when the backend cannot be reached. The details of a failure go to the console only; the check
 * repeats by itself until the backend answers (useConnectionCheck), and "Check again" runs it at once.
 */
import { MESSAGES } from '@need40/shared';
import { useConnectionCheck } from './useConnectionCheck';
import styles from './Sections.module.css';

export function ConnectionBanner() {
  const { status, rechecking, retry } = useConnectionCheck();

  if (status === 'checking') {
    return (
      <p className={`${styles.banner} ${styles.bannerQuiet}`} role="status" data-testid="connection-banner" data-status={status} data-tone="quiet">
        Checking the connection…
      </p>
    );
  }
  if (status === 'ok') {
    return (
      <p className={`${styles.banner} ${styles.bannerQuiet} ${styles.bannerOk}`} role="status" data-testid="connection-banner" data-status={status} data-tone="quiet">
        {MESSAGES.connectionOk}
      </p>
    );
  }
  return (
    <div className={`${styles.banner} ${styles.bannerFailed}`} role="alert" data-testid="connection-banner" data-status={status} data-tone="alert">
      <span>{MESSAGES.connectionFailed}</span>{' '}
      <button type="button" className={styles.bannerRetry} onClick={retry} disabled={rechecking}>
        {rechecking ? 'Checking…' : 'Check again'}
      </button>
    </div>
  );
}

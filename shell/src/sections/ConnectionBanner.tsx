/**
 * The connection-test banner (SPEC §2, top of Home): a count selected from `profiles` through the
 * shared client; success or failure message (SPEC §8). Details of a failure go to the console only.
 */
import { useEffect, useState } from 'react';
import { getSupabase, MESSAGES } from '@need40/shared';
import styles from './Sections.module.css';

type Status = 'checking' | 'ok' | 'failed';

export function ConnectionBanner() {
  const [status, setStatus] = useState<Status>('checking');

  useEffect(() => {
    let cancelled = false;
    getSupabase()
      .from('profiles')
      .select('*', { count: 'exact', head: true })
      .then(({ error }) => {
        if (error) console.error('[need40] connection test failed', error);
        if (!cancelled) setStatus(error ? 'failed' : 'ok');
      }, (error: unknown) => {
        console.error('[need40] connection test failed', error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  if (status === 'checking') {
    return (
      <p className={`${styles.banner} ${styles.bannerChecking}`} role="status" data-testid="connection-banner" data-status={status}>
        Checking the connection…
      </p>
    );
  }
  return (
    <p
      className={`${styles.banner} ${status === 'ok' ? styles.bannerOk : styles.bannerFailed}`}
      role={status === 'ok' ? 'status' : 'alert'}
      data-testid="connection-banner"
      data-status={status}
    >
      {status === 'ok' ? MESSAGES.connectionOk : MESSAGES.connectionFailed}
    </p>
  );
}

import { useState } from 'react';
import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { deviceName, endOtherSessions, listSessions } from '../api/sessions';
import { useAction } from '../hooks/useAction';
import { useList } from '../hooks/useList';
import { ListStatus } from './ListStatus';
import { Messages } from './Messages';
import styles from './Security.module.css';

export const SESSIONS_TEXT = {
  title: 'Where you are logged in',
  endOthers: 'Log out everywhere else',
  ended: 'You are now logged out everywhere except on this device.',
  failed: 'The other sessions were not ended. Please try again.',
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The member's sessions (this one marked), and ending all the others at once. */
export function SessionsSection() {
  const { state, reload } = useList(listSessions);
  const { busy, error, run } = useAction(SESSIONS_TEXT.failed);
  const [ended, setEnded] = useState(false);
  const others = state.status === 'ready' ? state.items.filter((s) => !s.current).length : 0;

  async function onEndOthers() {
    if (busy) return;
    setEnded(false);
    const result = await run(endOtherSessions);
    if (result.ok) {
      setEnded(true);
      reload();
    }
  }

  return (
    <ViewSection title={SESSIONS_TEXT.title} level={4}>
      <ListStatus state={state} what="your sessions" onRetry={reload} />
      {state.status === 'ready' && (
        <ul className={styles.list}>
          {state.items.map((s) => (
            <li key={s.id} className={styles.item}>
              <span>
                <strong>{deviceName(s.userAgent)}</strong>
                {s.current && <span className={styles.badge}>This device</span>}
                <br />
                <span className={ui.hint}>
                  Last active {when(s.lastActiveAt)}
                  {s.ip && ` · ${s.ip}`} · logged in {when(s.createdAt)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Messages error={error} status={ended ? SESSIONS_TEXT.ended : null} />
      {others > 0 && (
        <button type="button" className={ui.secondary} onClick={onEndOthers} aria-disabled={busy}>
          {busy ? 'Logging out...' : SESSIONS_TEXT.endOthers}
        </button>
      )}
    </ViewSection>
  );
}

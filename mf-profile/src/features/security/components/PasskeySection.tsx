import { useState } from 'react';
import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { addPasskey, listPasskeys, removePasskey } from '../api/passkeys';
import { useAction } from '../hooks/useAction';
import { useList } from '../hooks/useList';
import { ListStatus } from './ListStatus';
import { Messages } from './Messages';
import styles from './Security.module.css';

export const PASSKEY_TEXT = {
  title: 'Passkeys',
  intro: 'A passkey lets you log in with this device’s fingerprint, face or screen lock instead of a password.',
  add: 'Add a passkey',
  added: 'Your passkey is added.',
  removed: 'The passkey was removed.',
  off: 'This site does not offer passkeys yet.',
  unsupported: 'This browser cannot create passkeys.',
  failed: 'The passkey was not added. Please try again.',
} as const;

const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** The member's passkeys (when the site offers them): add one on this device, see them, remove one. */
export function PasskeySection() {
  const { state, reload } = useList(listPasskeys);
  const { busy, error, run } = useAction(PASSKEY_TEXT.failed);
  const [status, setStatus] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  async function act(request: () => Promise<unknown>, done: string) {
    if (busy) return;
    setStatus(null);
    const result = await run(request);
    if (result.ok) setStatus(done);
    reload();
  }

  return (
    <ViewSection title={PASSKEY_TEXT.title} level={4}>
      <p>{PASSKEY_TEXT.intro}</p>
      <ListStatus state={state} what="your passkeys" onRetry={reload} />
      {state.status === 'ready' && state.items === null && <p>{PASSKEY_TEXT.off}</p>}
      {state.status === 'ready' && state.items !== null && (
        <>
          {state.items.length > 0 && (
            <ul className={styles.list}>
              {state.items.map((p) => (
                <li key={p.id} className={styles.item}>
                  <span>
                    {p.name} <span className={ui.hint}>· added {when(p.createdAt)}</span>
                  </span>
                  <button type="button" className={ui.secondary} aria-disabled={busy} aria-label={`Remove ${p.name}`} onClick={() => void act(() => removePasskey(p.id), PASSKEY_TEXT.removed)}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Messages error={error} status={status} />
          {supported ? (
            <button type="button" className={ui.secondary} aria-disabled={busy} onClick={() => void act(addPasskey, PASSKEY_TEXT.added)}>
              {PASSKEY_TEXT.add}
            </button>
          ) : (
            <p>{PASSKEY_TEXT.unsupported}</p>
          )}
        </>
      )}
    </ViewSection>
  );
}

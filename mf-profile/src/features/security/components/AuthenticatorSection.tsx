import { useState, type FormEvent } from 'react';
import { TextField, ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { confirmAuthenticator, listAuthenticators, removeAuthenticator, startAuthenticator, type Enrolment } from '../api/factors';
import { useAction } from '../hooks/useAction';
import { useList } from '../hooks/useList';
import { ListStatus } from './ListStatus';
import { Messages } from './Messages';
import styles from './Security.module.css';

export const APP_TEXT = {
  title: 'Authenticator app',
  intro: 'With an authenticator app, logging in also asks for a 6-digit code from your phone.',
  add: 'Set up an authenticator app',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.',
  verify: 'Verify code',
  added: 'Your authenticator app is set up. Logging in will ask for its code.',
  removed: 'The authenticator app was removed.',
  failed: 'That did not work. Please try again.',
} as const;

/** TOTP factors: add one (QR code or key, then a code to verify it), see them, remove one. */
export function AuthenticatorSection() {
  const { state, reload } = useList(listAuthenticators);
  const { busy, error, setError, run } = useAction(APP_TEXT.failed);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<string | null>(null);

  async function act(request: () => Promise<unknown>, done: string | null) {
    setStatus(null);
    const result = await run(request);
    if (result.ok && done) setStatus(done);
    reload();
    return result.ok;
  }

  async function onAdd() {
    if (busy) return;
    // An abandoned set-up left an unverified factor: clear it first, or the name would clash.
    const stale = state.status === 'ready' ? state.items.filter((f) => !f.verified) : [];
    await act(async () => {
      for (const f of stale) await removeAuthenticator(f.id);
      setEnrolment(await startAuthenticator('Authenticator app'));
    }, null);
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !enrolment) return;
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6 digits your app shows');
    if (await act(() => confirmAuthenticator(enrolment.id, code), APP_TEXT.added)) {
      setEnrolment(null);
      setCode('');
    }
  }

  const verified = state.status === 'ready' ? state.items.filter((f) => f.verified) : [];
  return (
    <ViewSection title={APP_TEXT.title} level={4}>
      <p>{APP_TEXT.intro}</p>
      <ListStatus state={state} what="your authenticator apps" onRetry={reload} />
      {verified.length > 0 && (
        <ul className={styles.list}>
          {verified.map((f) => (
            <li key={f.id} className={styles.item}>
              <span>{f.name}</span>
              <button type="button" className={ui.secondary} aria-disabled={busy} aria-label={`Remove ${f.name}`} onClick={() => void act(() => removeAuthenticator(f.id), APP_TEXT.removed)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {enrolment ? (
        <form className={styles.form} noValidate onSubmit={onVerify}>
          <p>{APP_TEXT.scan}</p>
          <img className={styles.qr} src={enrolment.qrCode} alt="QR code for your authenticator app" width={180} height={180} />
          <p>
            Key: <code className={styles.secret}>{enrolment.secret}</code>
          </p>
          <TextField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} />
          <Messages error={error} status={status} />
          <button type="submit" className={ui.primary} aria-disabled={busy}>
            {APP_TEXT.verify}
          </button>
        </form>
      ) : (
        <>
          <Messages error={error} status={status} />
          {state.status === 'ready' && verified.length === 0 && (
            <button type="button" className={ui.secondary} aria-disabled={busy} onClick={onAdd}>
              {APP_TEXT.add}
            </button>
          )}
        </>
      )}
    </ViewSection>
  );
}

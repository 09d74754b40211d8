import { useId } from 'react';
import { EMAIL_KINDS } from '@need40/shared';
import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { useEmailPreference } from '../hooks/useEmailPreference';
import styles from './EmailNotifications.module.css';

export const EMAIL_LABEL = 'Email me about my gigs and applications';
export const SAVED_ON = 'Saved: you will get these emails.';
export const SAVED_OFF = 'Saved: you will not get these emails.';
export const SAVED_KIND = 'Saved.';

/**
 * The signed-in member's email settings, each saved as soon as it changes: notification emails on
 * or off, and each kind on its own (the kinds and their words: @need40/shared EMAIL_KINDS).
 */
export function EmailNotifications({ userId }: { userId: string }) {
  const { state, setEnabled, setKind, retry } = useEmailPreference(userId);
  const id = useId();

  return (
    <ViewSection title="Email notifications">
      {state.status === 'loading' && <p role="status">Loading your email settings...</p>}
      {state.status === 'load-error' && (
        <div role="alert" className={ui.alert}>
          <p>{state.message}</p>
          <button type="button" className={ui.secondary} onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <div className={styles.row}>
            <input
              id={id}
              type="checkbox"
              className={styles.checkbox}
              checked={state.prefs.enabled}
              aria-describedby={`${id}-hint`}
              aria-disabled={state.saving || undefined}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            <label htmlFor={id}>{EMAIL_LABEL}</label>
          </div>
          <p id={`${id}-hint`} className={ui.hint}>
            Turn any kind off below. Notices about your account always arrive.
          </p>
          <fieldset className={styles.kinds} disabled={!state.prefs.enabled}>
            <legend>Which emails</legend>
            {EMAIL_KINDS.map(({ kind, label }) => (
              <div key={kind} className={styles.row}>
                <input
                  id={`${id}-${kind}`}
                  type="checkbox"
                  className={styles.checkbox}
                  checked={!state.prefs.off.includes(kind)}
                  aria-disabled={state.saving || undefined}
                  onChange={(e) => setKind(kind, e.target.checked)}
                />
                <label htmlFor={`${id}-${kind}`}>{label}</label>
              </div>
            ))}
          </fieldset>
          <p role="status" className={styles.status}>
            {state.saving ? 'Saving...' : state.saved === 'all' ? (state.prefs.enabled ? SAVED_ON : SAVED_OFF) : state.saved === 'kind' ? SAVED_KIND : ''}
          </p>
          {state.error && (
            <p role="alert" className={ui.fieldError}>
              {state.error} Your setting was not changed; try again.
            </p>
          )}
        </>
      )}
    </ViewSection>
  );
}

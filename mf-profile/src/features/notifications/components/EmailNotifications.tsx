import { useId } from 'react';
import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { useEmailPreference } from '../hooks/useEmailPreference';
import styles from './EmailNotifications.module.css';

export const EMAIL_LABEL = 'Email me about applications';
export const SAVED_ON = 'Saved: you will get these emails.';
export const SAVED_OFF = 'Saved: you will not get these emails.';

/** The email-notification preference of the signed-in member: a checkbox saved as soon as it changes. */
export function EmailNotifications({ userId }: { userId: string }) {
  const { state, change, retry } = useEmailPreference(userId);
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
              checked={state.enabled}
              aria-describedby={`${id}-hint`}
              aria-disabled={state.saving || undefined}
              onChange={(e) => void change(e.target.checked)}
            />
            <label htmlFor={id}>{EMAIL_LABEL}</label>
          </div>
          <p id={`${id}-hint`} className={ui.hint}>
            A new application to one of your gigs, and the poster's decision on yours.
          </p>
          <p role="status" className={styles.status}>
            {state.saving ? 'Saving...' : state.saved ? (state.enabled ? SAVED_ON : SAVED_OFF) : ''}
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

import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '@need40/ui';
import { getEmailEnabled, PREFERENCE_LOAD_FAILED, PREFERENCE_SAVE_FAILED, setEmailEnabled } from '../api/emailPreference';

export type PreferenceState =
  | { status: 'loading' }
  | { status: 'load-error'; message: string }
  | { status: 'ready'; enabled: boolean; saving: boolean; saved: boolean; error: string | null };

/**
 * The email-notification switch: load it, then save each change at once. While a save runs the
 * switch shows the new value; a failure puts the stored value back and says why. The owner keys
 * it by member (My Profile is keyed by user id), so a new member starts from "loading".
 */
export function useEmailPreference(userId: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PreferenceState>({ status: 'loading' });
  const saveId = useRef(0);

  useEffect(() => {
    let live = true;
    getEmailEnabled(userId).then(
      (enabled) => live && setState({ status: 'ready', enabled, saving: false, saved: false, error: null }),
      (error: unknown) => live && setState({ status: 'load-error', message: failureText(error, PREFERENCE_LOAD_FAILED) }),
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  const change = useCallback(
    async (enabled: boolean) => {
      if (state.status !== 'ready' || state.saving) return;
      const before = state.enabled;
      const id = ++saveId.current;
      setState({ status: 'ready', enabled, saving: true, saved: false, error: null });
      try {
        const stored = await setEmailEnabled(userId, enabled);
        if (id === saveId.current) setState({ status: 'ready', enabled: stored, saving: false, saved: true, error: null });
      } catch (error) {
        if (id === saveId.current) setState({ status: 'ready', enabled: before, saving: false, saved: false, error: failureText(error, PREFERENCE_SAVE_FAILED) });
      }
    },
    [state, userId],
  );

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, change, retry };
}

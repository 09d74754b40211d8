import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '@need40/ui';
import { getEmailPreferences, PREFERENCE_LOAD_FAILED, PREFERENCE_SAVE_FAILED, saveEmailPreferences, type EmailPreferences } from '../api/emailPreference';

export type PreferenceState =
  | { status: 'loading' }
  | { status: 'load-error'; message: string }
  | { status: 'ready'; prefs: EmailPreferences; saving: boolean; saved: 'all' | 'kind' | null; error: string | null };

/**
 * The email settings: load them, then save each change at once. While a save runs the boxes show
 * the new values; a failure puts the stored values back and says why. The owner keys it by member
 * (My Profile is keyed by user id), so a new member starts from "loading".
 */
export function useEmailPreference(userId: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PreferenceState>({ status: 'loading' });
  const saveId = useRef(0);

  useEffect(() => {
    let live = true;
    getEmailPreferences(userId).then(
      (prefs) => live && setState({ status: 'ready', prefs, saving: false, saved: null, error: null }),
      (error: unknown) => live && setState({ status: 'load-error', message: failureText(error, PREFERENCE_LOAD_FAILED) }),
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  const save = useCallback(
    async (next: EmailPreferences, what: 'all' | 'kind') => {
      if (state.status !== 'ready' || state.saving) return;
      const before = state.prefs;
      const id = ++saveId.current;
      setState({ status: 'ready', prefs: next, saving: true, saved: null, error: null });
      try {
        const stored = await saveEmailPreferences(userId, next);
        if (id === saveId.current) setState({ status: 'ready', prefs: stored, saving: false, saved: what, error: null });
      } catch (error) {
        if (id === saveId.current) setState({ status: 'ready', prefs: before, saving: false, saved: null, error: failureText(error, PREFERENCE_SAVE_FAILED) });
      }
    },
    [state, userId],
  );

  /** All notification emails on or off. */
  const setEnabled = useCallback((enabled: boolean) => state.status === 'ready' && void save({ ...state.prefs, enabled }, 'all'), [state, save]);
  /** One kind on or off. */
  const setKind = useCallback(
    (kind: string, on: boolean) => {
      if (state.status !== 'ready') return;
      const off = state.prefs.off.filter((k) => k !== kind);
      void save({ ...state.prefs, off: on ? off : [...off, kind] }, 'kind');
    },
    [state, save],
  );

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, setEnabled, setKind, retry };
}

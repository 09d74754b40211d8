import { useCallback, useEffect, useState } from 'react';
import { failureText } from '@need40/ui';
import { type Profile } from '../types';
import { getProfile, LOAD_FAILED } from '../api/getProfile';

export type ProfileLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; profile: Profile };

const LOADING: ProfileLoad = { status: 'loading' };

/**
 * Load a profile by id; `retry` loads it again, `replace` installs a freshly saved one.
 * The result is keyed by user id and attempt, so a new id shows "loading" at once rather than
 * the previous person's profile.
 */
export function useProfile(userId: string) {
  const [attempt, setAttempt] = useState(0);
  const key = `${userId}\u0000${attempt}`;
  const [result, setResult] = useState<{ key: string; load: ProfileLoad }>({ key: '', load: LOADING });

  useEffect(() => {
    let live = true;
    getProfile(userId).then(
      (profile) => live && setResult({ key, load: { status: 'ready', profile } }),
      (error: unknown) => live && setResult({ key, load: { status: 'error', message: failureText(error, LOAD_FAILED) } }),
    );
    return () => {
      live = false;
    };
  }, [userId, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((profile: Profile) => setResult({ key, load: { status: 'ready', profile } }), [key]);

  return { load: result.key === key ? result.load : LOADING, retry, replace };
}

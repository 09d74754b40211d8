import { useCallback, useEffect, useState } from 'react';
import { useSession } from '@need40/shared';
import { failureText } from '@need40/ui';
import { getPublicProfile, MemberNotFoundError, PUBLIC_LOAD_FAILED } from '../api/getPublicProfile';
import type { PublicProfile } from '../types';

export type PublicProfileLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: PublicProfile };

const LOADING: PublicProfileLoad = { status: 'loading' };

/**
 * Load a member's public profile; `retry` loads it again. Keyed by profile, viewer and attempt,
 * so signing in or out reloads it (contact details depend on who is looking) and a new id shows
 * "loading" at once instead of the previous member.
 */
export function usePublicProfile(profileId: string) {
  const viewerId = useSession((s) => s.user?.id ?? null);
  const sessionKnown = useSession((s) => s.status !== 'loading');
  const [attempt, setAttempt] = useState(0);
  const key = `${profileId}\u0000${viewerId ?? ''}\u0000${attempt}`;
  const [result, setResult] = useState<{ key: string; load: PublicProfileLoad }>({ key: '', load: LOADING });

  useEffect(() => {
    if (!sessionKnown) return;
    let live = true;
    getPublicProfile(profileId, viewerId !== null).then(
      (profile) => live && setResult({ key, load: { status: 'ready', profile } }),
      (error: unknown) =>
        live &&
        setResult({ key, load: error instanceof MemberNotFoundError ? { status: 'not-found' } : { status: 'error', message: failureText(error, PUBLIC_LOAD_FAILED) } }),
    );
    return () => {
      live = false;
    };
  }, [profileId, viewerId, sessionKnown, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load: result.key === key ? result.load : LOADING, retry };
}

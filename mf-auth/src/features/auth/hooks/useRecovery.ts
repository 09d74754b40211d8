import { useEffect, useState } from 'react';
import { sessionStore } from '@need40/shared';

/**
 * Whether the page was opened from a password-reset link: supabase-js signs the person in and
 * reports PASSWORD_RECOVERY (the session store keeps it as its last event until the next one).
 * Stays on until `end()` or a sign-out, so a token refresh meanwhile does not hide the form.
 */
export function useRecovery(): { active: boolean; end: () => void } {
  const [active, setActive] = useState(() => sessionStore.getState().lastEvent === 'PASSWORD_RECOVERY');
  useEffect(
    () =>
      sessionStore.subscribe((state, previous) => {
        if (state.lastEvent === 'PASSWORD_RECOVERY' && previous.lastEvent !== 'PASSWORD_RECOVERY') setActive(true);
        if (state.status === 'signed-out') setActive(false);
      }),
    [],
  );
  return { active, end: () => setActive(false) };
}

/**
 * The auth modal's slot, loaded on intent instead of on the first screen: the first hover, focus or
 * touch of a Login, Sign Up, Log In or Apply button anywhere on the page (or any element marked
 * `data-auth-intent`), any `openAuthModal` call, a page opened from a password-reset link (the
 * session's PASSWORD_RECOVERY event: the modal asks for the new password), or — so the modal is
 * ready before anyone asks — once the page has finished loading and the browser is idle.
 */
import { useEffect, useState } from 'react';
import { useSession, useUi } from '@need40/shared';
import { RemoteSlot } from '../federation/RemoteSlot';
import styles from './Layout.module.css';

/** Buttons whose text starts like this lead to the modal ("Login to Post Gig", "Apply Now", …). */
const INTENT_TEXT = /^(login|log in|sign up|apply)\b/i;
/** After the load event: long enough for the first screen to settle, short enough to beat a click. */
export const IDLE_LOAD_DELAY_MS = 3_000;

export function isAuthIntent(target: EventTarget | null): boolean {
  const el = target instanceof Element ? target.closest('button, a, [data-auth-intent]') : null;
  if (!el) return false;
  if (el.hasAttribute('data-auth-intent')) return true;
  return INTENT_TEXT.test((el.textContent ?? '').trim());
}

/** Resolves on the first intent, or when the loaded page is idle. */
function whenWanted(onWanted: () => void): () => void {
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    stop();
    onWanted();
  };
  const onEvent = (event: Event) => {
    if (isAuthIntent(event.target)) done();
  };
  const onLoad = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(done, { timeout: 2_000 });
      else done();
    }, IDLE_LOAD_DELAY_MS);
  };
  function stop() {
    for (const name of events) document.removeEventListener(name, onEvent, true);
    window.removeEventListener('load', onLoad);
    clearTimeout(timer);
  }
  for (const name of events) document.addEventListener(name, onEvent, { capture: true, passive: true });
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad);
  return stop;
}

export function AuthSlot() {
  const open = useUi((s) => s.authModal.open);
  const recovering = useSession((s) => s.lastEvent === 'PASSWORD_RECOVERY');
  const [wanted, setWanted] = useState(false);
  useEffect(() => (wanted ? undefined : whenWanted(() => setWanted(true))), [wanted]);
  // Once mounted for a reset link the slot stays (adjusted while rendering, not in an effect).
  if (recovering && !wanted) setWanted(true);

  if (!wanted && !open && !recovering) return null;
  return (
    <RemoteSlot
      remote="auth"
      expose="AuthModal"
      label="Login and sign-up"
      className={styles.authSlot}
      loading={
        open ? (
          <p className={styles.authLoading} role="status">
            Opening…
          </p>
        ) : null
      }
    />
  );
}

/**
 * The session store: one zustand vanilla store at module scope, fed by the auth client's
 * onAuthStateChange (docs/product.md, states: the session follows the backend's auth-change events).
 * Remotes read it with `useSession(selector)`; only the shell and mf-auth change the session.
 */
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { getSupabase } from './supabase';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  session: Session | null;
  user: User | null;
  /** Authenticator assurance level of the current token ('aal1' | 'aal2'), null when signed out. */
  aal: string | null;
  lastEvent: AuthChangeEvent | null;
}

export const sessionStore = createStore<SessionState>()(() => ({
  status: 'loading',
  session: null,
  user: null,
  aal: null,
  lastEvent: null,
}));

function aalOf(session: Session): string | null {
  try {
    const payload = session.access_token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string };
    return json.aal ?? null;
  } catch {
    return null;
  }
}

/** Apply one auth event (SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, MFA_CHALLENGE_VERIFIED, …). */
export function applyAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  sessionStore.setState({
    status: session ? 'signed-in' : 'signed-out',
    session,
    user: session?.user ?? null,
    aal: session ? aalOf(session) : null,
    lastEvent: event,
  });
}

let unsubscribe: (() => void) | null = null;

/**
 * Subscribe the store to the client's auth events. Idempotent: the shell and a standalone remote
 * may both call it; only the first subscribes. Returns a function that stops the sync.
 */
export function startSessionSync(client: SupabaseClient = getSupabase()): () => void {
  if (!unsubscribe) {
    const { data } = client.auth.onAuthStateChange((event, session) => applyAuthEvent(event, session));
    unsubscribe = () => {
      data.subscription.unsubscribe();
      unsubscribe = null;
    };
  }
  return unsubscribe;
}

/** Sign out; a failure is logged only (docs/product.md, error catalogue). */
export async function signOut(client: SupabaseClient = getSupabase()): Promise<void> {
  try {
    const { error } = await client.auth.signOut();
    if (error) console.error('[need40] sign-out failed', error);
  } catch (error) {
    console.error('[need40] sign-out failed', error);
  }
}

/** React binding: select a small slice, e.g. `useSession((s) => s.user?.id)`. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

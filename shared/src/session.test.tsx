import { act, render, screen } from '@testing-library/react';
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyAuthEvent, sessionStore, signOut, startSessionSync, useSession } from './session';

function fakeSession(aal = 'aal1'): Session {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return {
    access_token: `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', aal })}.sig`,
    refresh_token: 'r', expires_in: 3600, token_type: 'bearer',
    user: { id: 'u1', email: 'ada@example.com' } as Session['user'],
  } as Session;
}

/** A stand-in for the auth client's event source: just onAuthStateChange and signOut. */
function fakeClient() {
  let listener: ((e: AuthChangeEvent, s: Session | null) => void) | null = null;
  const unsubscribe = vi.fn();
  const client = {
    auth: {
      onAuthStateChange: vi.fn((cb: typeof listener) => { listener = cb; return { data: { subscription: { unsubscribe } } }; }),
      signOut: vi.fn(async () => ({ error: null as Error | null })),
    },
  };
  return { client: client as unknown as SupabaseClient & typeof client, emit: (e: AuthChangeEvent, s: Session | null) => listener?.(e, s), unsubscribe };
}

afterEach(() => sessionStore.setState({ status: 'loading', session: null, user: null, aal: null, lastEvent: null }));

describe('session store', () => {
  it('follows auth events: signed out ↔ signed in, token refreshed, MFA verified', () => {
    const { client, emit, unsubscribe } = fakeClient();
    const stop = startSessionSync(client);
    expect(startSessionSync(client)).toBe(stop); // idempotent: one subscription
    expect(client.auth.onAuthStateChange).toHaveBeenCalledTimes(1);

    emit('INITIAL_SESSION', null);
    expect(sessionStore.getState().status).toBe('signed-out');
    emit('SIGNED_IN', fakeSession());
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', aal: 'aal1', lastEvent: 'SIGNED_IN' });
    expect(sessionStore.getState().user?.id).toBe('u1');
    emit('TOKEN_REFRESHED', fakeSession());
    expect(sessionStore.getState().lastEvent).toBe('TOKEN_REFRESHED');
    emit('MFA_CHALLENGE_VERIFIED', fakeSession('aal2'));
    expect(sessionStore.getState().aal).toBe('aal2');
    emit('SIGNED_OUT', null);
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-out', user: null, aal: null });

    stop();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('re-renders a component that selects a slice', () => {
    function Who() {
      const email = useSession((s) => s.user?.email ?? 'nobody');
      return <p>{email}</p>;
    }
    render(<Who />);
    expect(screen.getByText('nobody')).toBeTruthy();
    act(() => applyAuthEvent('SIGNED_IN', fakeSession()));
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('logs a sign-out failure and does not throw', async () => {
    const { client } = fakeClient();
    client.auth.signOut.mockResolvedValueOnce({ error: new Error('network down') });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(signOut(client)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalled();
  });
});

import { uiStore } from '@need40/shared';
import { AUTH_REDIRECT_FALLBACK, EMAIL_CONFIRMED_NOTICE, settleAuthCode, takeAuthRedirectError } from './authRedirect';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  uiStore.setState({ authModal: { open: false, mode: 'login' } });
});

describe('takeAuthRedirectError', () => {
  it("returns the backend's message from the fragment of a used email link and cleans the address", () => {
    window.history.replaceState(null, '', '/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect(takeAuthRedirectError()).toBe('Email link is invalid or has expired');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/');
  });

  it('reads the query string too and keeps every other parameter', () => {
    window.history.replaceState(null, '', '/?q=logo&error=server_error&error_description=Database%20error#gigs');
    expect(takeAuthRedirectError()).toBe('Database error');
    expect(window.location.search).toBe('?q=logo');
    expect(window.location.hash).toBe('#gigs');
  });

  it('says what to do when the backend sent no description', () => {
    window.history.replaceState(null, '', '/#error=access_denied');
    expect(takeAuthRedirectError()).toBe(AUTH_REDIRECT_FALLBACK);
  });

  it('leaves an ordinary address alone', () => {
    window.history.replaceState(null, '', '/?q=logo#profile');
    expect(takeAuthRedirectError()).toBeNull();
    expect(window.location.href).toMatch(/\/\?q=logo#profile$/);
  });
});

describe('settleAuthCode', () => {
  /** A client whose getSession answers `session`, after doing what supabase-js does with the address. */
  const client = (session: unknown, exchange = false) => ({
    auth: {
      getSession: vi.fn(async () => {
        if (exchange) window.history.replaceState(null, '', window.location.href.replace(/[?&]code=[^&#]*/, ''));
        return { data: { session }, error: null };
      }),
    },
  });

  it('a code this browser could not exchange: removed, and the login modal says the address is confirmed', async () => {
    window.history.replaceState(null, '', '/?code=abc&q=logo#gigs');
    await settleAuthCode(client(null) as never);
    expect(window.location.search).toBe('?q=logo');
    expect(window.location.hash).toBe('#gigs');
    expect(uiStore.getState().authModal).toStrictEqual({ open: true, mode: 'login', notice: EMAIL_CONFIRMED_NOTICE });
  });

  it('a password-reset code this browser could not exchange: "Set a new password" asks for a new link here, never the sign-up sentence', async () => {
    window.history.replaceState(null, '', '/?flow=recovery&code=abc#home');
    await settleAuthCode(client(null) as never);
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#home');
    expect(uiStore.getState().authModal).toStrictEqual({ open: true, mode: 'login', step: 'recovery-elsewhere' });
  });

  it('a password-reset code the client exchanged: the reset mark leaves the address, no modal (PASSWORD_RECOVERY shows the form)', async () => {
    window.history.replaceState(null, '', '/?flow=recovery&code=abc');
    await settleAuthCode(client({ user: { id: 'u1' } }, true) as never);
    expect(window.location.search).toBe('');
    expect(uiStore.getState().authModal.open).toBe(false);
  });

  it('a code the client exchanged: nothing more to do', async () => {
    window.history.replaceState(null, '', '/?code=abc');
    await settleAuthCode(client({ user: { id: 'u1' } }, true) as never);
    expect(window.location.search).toBe('');
    expect(uiStore.getState().authModal.open).toBe(false);
  });

  it('someone already signed in: the stray code is removed, no modal', async () => {
    window.history.replaceState(null, '', '/?code=abc');
    await settleAuthCode(client({ user: { id: 'u1' } }) as never);
    expect(window.location.search).toBe('');
    expect(uiStore.getState().authModal.open).toBe(false);
  });

  it('no code in the address: the session is not even asked for', async () => {
    const c = client(null);
    await settleAuthCode(c as never);
    expect(c.auth.getSession).not.toHaveBeenCalled();
    expect(uiStore.getState().authModal.open).toBe(false);
  });
});

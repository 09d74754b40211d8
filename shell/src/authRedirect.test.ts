import { AUTH_REDIRECT_FALLBACK, takeAuthRedirectError } from './authRedirect';

afterEach(() => window.history.replaceState(null, '', '/'));

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

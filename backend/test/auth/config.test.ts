/** Auth configuration: OAuth providers from the environment, and redirect allow-listing. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { isAllowedRedirect, resolveRedirect } from '../../src/auth/redirects';

describe('OAuth provider configuration', () => {
  it('reads providers named in OAUTH_PROVIDERS', () => {
    const c = loadConfig({
      OAUTH_PROVIDERS: 'github',
      OAUTH_GITHUB_AUTHORIZE_URL: 'https://github.com/login/oauth/authorize',
      OAUTH_GITHUB_TOKEN_URL: 'https://github.com/login/oauth/access_token',
      OAUTH_GITHUB_USERINFO_URL: 'https://api.github.com/user',
      OAUTH_GITHUB_CLIENT_ID: 'id',
      OAUTH_GITHUB_CLIENT_SECRET: 'secret',
    });
    expect(c.oauthProviders).toEqual([expect.objectContaining({ name: 'github', clientId: 'id', scopes: 'openid email profile' })]);
    expect(loadConfig({}).oauthProviders).toEqual([]);
  });

  it('names every missing or bad variable', () => {
    try {
      loadConfig({ OAUTH_PROVIDERS: 'acme', OAUTH_ACME_AUTHORIZE_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      for (const v of ['OAUTH_ACME_AUTHORIZE_URL', 'OAUTH_ACME_TOKEN_URL', 'OAUTH_ACME_USERINFO_URL', 'OAUTH_ACME_CLIENT_ID']) expect(text).toContain(v);
    }
  });

  it('has auth defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ REFRESH_TOKEN_REUSE_INTERVAL: 10, MAILER_OTP_EXP: 86400, RATE_LIMIT_WINDOW: 300, RATE_LIMIT_EMAIL_SENT: 10 });
  });
});

describe('WebAuthn relying party configuration', () => {
  it('defaults to SITE_URL, off; reads WEBAUTHN_RP_* and refuses what a browser would refuse', () => {
    expect(loadConfig({ SITE_URL: 'https://app.example.com/start' })).toMatchObject({
      MFA_WEB_AUTHN_ENROLL_ENABLED: false,
      MFA_WEB_AUTHN_VERIFY_ENABLED: false,
      webauthn: { rpId: 'app.example.com', rpOrigins: ['https://app.example.com'], rpName: 'app.example.com' },
    });
    const c = loadConfig({ WEBAUTHN_RP_ID: 'Example.com', WEBAUTHN_RP_ORIGINS: 'https://example.com, https://app.example.com:8443', WEBAUTHN_RP_DISPLAY_NAME: 'Example' });
    expect(c.webauthn).toEqual({ rpId: 'example.com', rpOrigins: ['https://example.com', 'https://app.example.com:8443'], rpName: 'Example' });
    const bad: [Record<string, string>, string][] = [
      [{ WEBAUTHN_RP_ID: 'https://example.com' }, 'WEBAUTHN_RP_ID: must be a host name'],
      [{ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_RP_ORIGINS: 'https://evil.com' }, 'is not on WEBAUTHN_RP_ID'],
      [{ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_RP_ORIGINS: 'https://notexample.com' }, 'is not on WEBAUTHN_RP_ID'],
      [{ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_RP_ORIGINS: 'https://example.com/path' }, 'is not an origin'],
      [{ WEBAUTHN_RP_ORIGINS: 'ftp://localhost' }, 'is not an origin'],
      [{ WEBAUTHN_RP_ORIGINS: ',' }, 'needs at least one origin'],
    ];
    for (const [env, message] of bad) expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('redirect allow-list', () => {
  const config = { SITE_URL: 'http://localhost:3000', additionalRedirectUrls: ['https://*.need40.app/**', 'http://localhost:4000/auth/'] };
  const cases: Array<[string, boolean]> = [
    ['http://localhost:3000/', true],
    ['http://localhost:3000/profile?x=1', true],
    ['https://preview-1.need40.app/welcome', true],
    ['https://need40.app.evil.com/', false],
    ['https://evil.com/#.need40.app/', false],
    ['http://localhost:4000/auth/callback', true],
    ['http://localhost:4000/other', false],
    ['http://localhost:3000@evil.com/', false],
    ['http://localhost:3000.evil.com/', false],
    ['javascript:alert(1)', false],
    ['//evil.com', false],
  ];
  for (const [url, allowed] of cases) {
    it(`${url} → ${allowed ? 'allowed' : 'refused'}`, () => {
      expect(isAllowedRedirect(config, url)).toBe(allowed);
      expect(resolveRedirect(config, url)).toBe(allowed ? url : config.SITE_URL);
    });
  }
});

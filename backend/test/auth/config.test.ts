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

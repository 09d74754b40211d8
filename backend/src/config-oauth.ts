/**
 * Configuration, not a feature: part of loadConfig (config.ts), which knows nothing of the areas.
 * OAuth providers configured by environment. `OAUTH_PROVIDERS` names them (comma-separated);
 * each name N then needs OAUTH_N_AUTHORIZE_URL, OAUTH_N_TOKEN_URL, OAUTH_N_USERINFO_URL,
 * OAUTH_N_CLIENT_ID, OAUTH_N_CLIENT_SECRET and may set OAUTH_N_SCOPES (space-separated).
 *
 * @example
 *   OAUTH_PROVIDERS=github
 *   OAUTH_GITHUB_AUTHORIZE_URL=https://github.com/login/oauth/authorize   … and the other four
 */

export interface OAuthProviderConfig {
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

const isUrl = (s: string | undefined) => {
  if (!s) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export function parseOAuthProviders(env: Record<string, string | undefined>): { providers: OAuthProviderConfig[]; problems: string[] } {
  const names = (env.OAUTH_PROVIDERS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const providers: OAuthProviderConfig[] = [];
  const problems: string[] = [];
  for (const name of names) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) {
      problems.push(`OAUTH_PROVIDERS: "${name}" must be letters, digits and underscores`);
      continue;
    }
    const v = (key: string) => env[`OAUTH_${name.toUpperCase()}_${key}`]?.trim();
    const p: OAuthProviderConfig = {
      name,
      authorizeUrl: v('AUTHORIZE_URL') ?? '',
      tokenUrl: v('TOKEN_URL') ?? '',
      userinfoUrl: v('USERINFO_URL') ?? '',
      clientId: v('CLIENT_ID') ?? '',
      clientSecret: v('CLIENT_SECRET') ?? '',
      scopes: v('SCOPES') ?? 'openid email profile',
    };
    let ok = true;
    for (const [key, value] of [['AUTHORIZE_URL', p.authorizeUrl], ['TOKEN_URL', p.tokenUrl], ['USERINFO_URL', p.userinfoUrl]] as const) {
      if (!isUrl(value)) {
        problems.push(`OAUTH_${name.toUpperCase()}_${key}: must be an http(s) URL`);
        ok = false;
      }
    }
    if (!p.clientId) {
      problems.push(`OAUTH_${name.toUpperCase()}_CLIENT_ID: required for provider ${name}`);
      ok = false;
    }
    if (ok) providers.push(p);
  }
  return { providers, problems };
}

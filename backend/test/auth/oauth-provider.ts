/**
 * A tiny OAuth 2.0 provider on localhost for tests: /authorize redirects straight back with a code
 * for the configured account, /token exchanges it (checking client credentials and redirect_uri),
 * /userinfo answers the account.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface LocalProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The account the next /authorize signs in as. */
  account: ProviderAccount;
  env(name: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startOAuthProvider(account: ProviderAccount): Promise<LocalProvider> {
  const codes = new Map<string, { account: ProviderAccount; redirectUri: string }>();
  const tokens = new Map<string, ProviderAccount>();
  const provider: LocalProvider = {
    url: '',
    clientId: 'need40-test-client',
    clientSecret: 'need40-test-secret',
    account,
    env(name: string) {
      const N = name.toUpperCase();
      return {
        OAUTH_PROVIDERS: name,
        [`OAUTH_${N}_AUTHORIZE_URL`]: `${this.url}/authorize`,
        [`OAUTH_${N}_TOKEN_URL`]: `${this.url}/token`,
        [`OAUTH_${N}_USERINFO_URL`]: `${this.url}/userinfo`,
        [`OAUTH_${N}_CLIENT_ID`]: this.clientId,
        [`OAUTH_${N}_CLIENT_SECRET`]: this.clientSecret,
        [`OAUTH_${N}_SCOPES`]: 'openid email',
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/authorize') {
      if (url.searchParams.get('client_id') !== provider.clientId) return send(400, { error: 'invalid_client' });
      const code = randomBytes(16).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { account: { ...provider.account }, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = codes.get(form.get('code') ?? '');
      if (form.get('client_id') !== provider.clientId || form.get('client_secret') !== provider.clientSecret) return send(401, { error: 'invalid_client' });
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant' });
      codes.delete(form.get('code')!);
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.account);
      return send(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (url.pathname === '/userinfo') {
      const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!account) return send(401, { error: 'invalid_token' });
      return send(200, account);
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}

/** OAuth with PKCE against a local provider, identity linking and unlinking (SECURITY_MANUAL_LINKING_ENABLED on; off: compat-otp.test.ts) — through supabase-js. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, follow, local, makeClient, uniqueEmail } from './helpers';
import { startOAuthProvider, type LocalProvider } from './oauth-provider';

let provider: LocalProvider;
let be: TestBackend;

beforeAll(async () => {
  provider = await startOAuthProvider({ sub: 'acct-1', email: 'oauth.user@example.com', email_verified: true, name: 'OAuth User' });
  be = await startTestBackend({ ...provider.env('local'), MAILER_AUTOCONFIRM: 'true', SECURITY_MANUAL_LINKING_ENABLED: 'true' });
});
afterAll(async () => {
  await be?.close();
  await provider?.close();
});

/** Drive the browser part: our /authorize → provider → our /callback → back to the app. */
async function runBrowser(url: string): Promise<URL> {
  // linkIdentity() already answers the provider's URL; signInWithOAuth() answers ours.
  const toProvider = url.startsWith(provider.url) ? { status: 302, location: url } : await follow(be, url);
  expect(toProvider.status).toBe(302);
  expect(toProvider.location.startsWith(provider.url)).toBe(true);
  const authorize = new URL(toProvider.location);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${be.config.API_EXTERNAL_URL}/auth/v1/callback`);
  const res = await fetch(toProvider.location, { redirect: 'manual' });
  const callback = res.headers.get('location')!;
  const back = await follow(be, local(be, callback));
  expect(back.status).toBe(303);
  return new URL(back.location);
}

describe('OAuth sign-in with PKCE', () => {
  it('creates the user, returns ?code=, and supabase-js exchanges it for a session', async () => {
    const client = makeClient(be);
    const { data, error } = await client.auth.signInWithOAuth({ provider: 'local' as never, options: { redirectTo: 'http://localhost:3000/', skipBrowserRedirect: true } });
    expect(error).toBeNull();
    expect(data.url).toContain('code_challenge=');
    const back = await runBrowser(data.url!);
    expect(back.origin).toBe('http://localhost:3000');
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    const user = exchanged.data.user!;
    expect(user.email).toBe('oauth.user@example.com');
    expect(user.app_metadata).toMatchObject({ provider: 'local', providers: ['local'] });
    expect(user.identities?.[0]).toMatchObject({ provider: 'local', id: 'acct-1' });
    expect(user.user_metadata.full_name).toBe('OAuth User');
    const claims = JSON.parse(Buffer.from(exchanged.data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('oauth');

    // The code is single use; a wrong verifier is refused.
    const replay = await call(be, 'POST', '/token?grant_type=pkce', { auth_code: code, code_verifier: 'x'.repeat(43) });
    expect(replay).toMatchObject({ status: 404, body: { error_code: 'flow_state_not_found' } });

    // Signing in again finds the same user.
    const again = makeClient(be);
    const second = await again.auth.signInWithOAuth({ provider: 'local' as never, options: { redirectTo: 'http://localhost:3000/', skipBrowserRedirect: true } });
    const back2 = await runBrowser(second.data.url!);
    const s2 = await again.auth.exchangeCodeForSession(back2.searchParams.get('code')!);
    expect(s2.data.user?.id).toBe(user.id);
  });

  it('refuses a wrong code verifier', async () => {
    const client = makeClient(be);
    const { data } = await client.auth.signInWithOAuth({ provider: 'local' as never, options: { redirectTo: 'http://localhost:3000/', skipBrowserRedirect: true } });
    const back = await runBrowser(data.url!);
    const res = await call(be, 'POST', '/token?grant_type=pkce', { auth_code: back.searchParams.get('code'), code_verifier: 'y'.repeat(43) });
    expect(res).toMatchObject({ status: 400, body: { error_code: 'bad_code_verifier' } });
  });

  it('refuses an unknown provider and a forged state', async () => {
    const res = await call(be, 'GET', '/authorize?provider=nope');
    expect(res).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    const forged = await follow(be, `${be.url}/auth/v1/callback?code=abc&state=forged`);
    expect(forged.location).toContain('error_code=bad_oauth_state');
  });
});

describe('identities: link and unlink', () => {
  it('links a provider identity to an email user, unlinks it, refuses to unlink the last one', async () => {
    const client = makeClient(be);
    const email = uniqueEmail('linker').toLowerCase();
    const { error } = await client.auth.signUp({ email, password: 'secret123' });
    expect(error).toBeNull();
    provider.account = { sub: 'acct-link', email: 'someone.else@example.com', email_verified: true, name: 'Linked' };
    const link = await client.auth.linkIdentity({ provider: 'local' as never, options: { redirectTo: 'http://localhost:3000/', skipBrowserRedirect: true } });
    expect(link.error).toBeNull();
    const back = await runBrowser(link.data.url!);
    const exchanged = await client.auth.exchangeCodeForSession(back.searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    const { data: ids } = await client.auth.getUserIdentities();
    expect(ids?.identities.map((i) => i.provider).sort()).toEqual(['email', 'local']);
    expect(exchanged.data.user?.email).toBe(email);

    const linked = ids!.identities.find((i) => i.provider === 'local')!;
    const unlink = await client.auth.unlinkIdentity(linked);
    expect(unlink.error).toBeNull();
    const { data: after } = await client.auth.getUserIdentities();
    expect(after?.identities.map((i) => i.provider)).toEqual(['email']);

    const last = await client.auth.unlinkIdentity(after!.identities[0]!);
    expect(last.error?.code).toBe('single_identity_not_deletable');
    expect(last.error?.status).toBe(422);
    const missing = await call(be, 'DELETE', '/user/identities/00000000-0000-0000-0000-000000000000', undefined, (await client.auth.getSession()).data.session!.access_token);
    expect(missing).toMatchObject({ status: 404, body: { error_code: 'identity_not_found' } });
  });
});

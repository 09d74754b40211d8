import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, follow, latestMail, makeClient, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ SITE_URL: 'http://localhost:3000', ADDITIONAL_REDIRECT_URLS: 'http://localhost:3001/**' });
});
afterAll(async () => {
  await be?.close();
});

describe('sign-up with email confirmation (supabase-js, PKCE)', () => {
  it('signs up, confirms through the mailbox, exchanges the code, reads the user, signs out', async () => {
    const client = makeClient(be);
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const email = uniqueEmail('signup');
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: 'http://localhost:3000/' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email.toLowerCase());
    expect(data.user?.user_metadata.full_name).toBe('Ada Lovelace');
    expect(data.user?.identities).toHaveLength(1);

    // Not confirmed yet.
    const early = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await latestMail(be, email.toLowerCase());
    expect(mail.kind).toBe('signup');
    expect(mail.link).toContain('/auth/v1/verify?token=');
    expect(mail.link).toContain('type=signup');
    const { status, location } = await follow(be, mail.link);
    expect(status).toBe(303);
    const back = new URL(location);
    expect(back.origin).toBe('http://localhost:3000');
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.access_token).toBeTruthy();
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();

    const { data: s } = await client.auth.getSession();
    expect(s.session?.user.email).toBe(email.toLowerCase());
    const { data: u, error: ue } = await client.auth.getUser();
    expect(ue).toBeNull();
    expect(u.user?.id).toBe(data.user?.id);

    // The link is single use.
    const again = await follow(be, mail.link);
    expect(again.location).toContain('error_code=otp_expired');

    // Sign in with the password now works.
    const other = makeClient(be);
    const signIn = await other.auth.signInWithPassword({ email: email.toUpperCase(), password: 'secret123' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.token_type).toBe('bearer');

    await client.auth.signOut();
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toEqual(expect.arrayContaining(['SIGNED_IN', 'SIGNED_OUT']));
    // Global sign-out ended the other device's session too.
    const dead = await other.auth.getUser();
    expect(dead.error?.name).toBe('AuthSessionMissingError');
  });

  it('answers a sign-up for an existing address in exactly the shape of a new one (made-up ids)', async () => {
    // Every key path of a JSON value, with the type found there.
    const shape = (v: unknown, at = ''): string[] =>
      v && typeof v === 'object'
        ? Object.entries(v).flatMap(([k, x]) => shape(x, `${at}.${Array.isArray(v) ? '[]' : k}`)).sort()
        : [`${at}:${v === null ? 'null' : typeof v}`];
    const email = uniqueEmail('exists');
    const first = await call(be, 'POST', '/signup', { email, password: 'secret123', data: { full_name: 'First' } });
    expect(first.status).toBe(200);
    const second = await call(be, 'POST', '/signup', { email, password: 'other-password', data: { full_name: 'First' } });
    expect(second.status).toBe(200);
    expect(shape(second.body)).toEqual(shape(first.body));
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // Confirmed too.
    await follow(be, (await latestMail(be, email.toLowerCase())).link);
    const third = await call(be, 'POST', '/signup', { email, password: 'third-password', data: { full_name: 'First' } });
    expect(shape(third.body)).toEqual(shape(first.body));
    expect((third.body.identities as unknown[]).length).toBe(1);
  });

  it('mails the owner of a confirmed address "you already have an account", within the per-address mail limit', async () => {
    const email = uniqueEmail('again').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'secret123' });
    await follow(be, (await latestMail(be, email)).link);
    const again = await call(be, 'POST', '/signup', { email, password: 'another-one' });
    expect(again.status).toBe(200);
    const mail = await latestMail(be, email);
    expect(mail.kind).toBe('already_registered');
    expect(mail.subject).toBe('You already have a Need40 account');
    expect(mail.text).toContain('You already have a Need40 account — log in or reset your password:\n\nhttp://localhost:3000');
    expect(mail.link).toBe('http://localhost:3000');
    // The old password still signs in: the repeated sign-up changed nothing.
    expect((await call(be, 'POST', '/token?grant_type=password', { email, password: 'secret123' })).status).toBe(200);
    // Like every auth mail, at most RATE_LIMIT_EMAIL_SENT (10) per address and window.
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 9; i++) codes.push((await call(be, 'POST', '/signup', { email, password: 'another-one' })).body.error_code as string | undefined);
    expect(codes.filter(Boolean)).toEqual(['over_email_send_rate_limit']);
  });

  it('redirects only to allowed URLs', async () => {
    const email = uniqueEmail('redirect');
    const res = await fetch(`${be.url}/auth/v1/signup?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, {
      method: 'POST',
      headers: { apikey: be.config.ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(res.status).toBe(200);
    const mail = await latestMail(be, email.toLowerCase());
    const { location } = await follow(be, mail.link);
    expect(location.startsWith('http://localhost:3000')).toBe(true);
    expect(location).toContain('#access_token=');

    const email2 = uniqueEmail('redirect2');
    await fetch(`${be.url}/auth/v1/signup?redirect_to=${encodeURIComponent('http://localhost:3001/welcome')}`, {
      method: 'POST',
      headers: { apikey: be.config.ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: email2, password: 'secret123' }),
    });
    const m2 = await latestMail(be, email2.toLowerCase());
    expect((await follow(be, m2.link)).location.startsWith('http://localhost:3001/welcome#')).toBe(true);
  });

  it('resends the confirmation mail (supabase-js resend) with a fresh, working link', async () => {
    const client = makeClient(be);
    const email = uniqueEmail('resend').toLowerCase();
    await client.auth.signUp({ email, password: 'secret123', options: { emailRedirectTo: 'http://localhost:3000/' } });
    const first = await latestMail(be, email);
    const { error } = await client.auth.resend({ type: 'signup', email, options: { emailRedirectTo: 'http://localhost:3000/' } });
    expect(error).toBeNull();
    const second = await latestMail(be, email);
    expect(second.id).not.toBe(first.id);
    expect((await follow(be, first.link)).location).toContain('error_code=otp_expired');
    const code = new URL((await follow(be, second.link)).location).searchParams.get('code');
    expect((await client.auth.exchangeCodeForSession(code!)).error).toBeNull();
  });

  it('shows the mailbox as an HTML page that may run no script', async () => {
    const res = await fetch(`${be.url}/_dev/mailbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).toContain('Confirm your Need40 account');
  });
});

describe('sign-up with MAILER_AUTOCONFIRM', () => {
  it('returns a session, and refuses the same address again', async () => {
    const auto = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
    try {
      const client = makeClient(auto);
      const email = uniqueEmail('auto');
      const { data, error } = await client.auth.signUp({ email, password: 'secret123', options: { data: { full_name: 'Grace' } } });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(data.session?.expires_in).toBe(3600);
      const again = await call(auto, 'POST', '/signup', { email, password: 'secret123' });
      expect(again.status).toBe(422);
      expect(again.body.error_code).toBe('user_already_exists');
    } finally {
      await auto.close();
    }
  });
});

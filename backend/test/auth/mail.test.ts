/** Mail through SMTP when SMTP_URL is set; email change and POST /verify; races and bans. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, follow, latestMail, makeClient, uniqueEmail } from './helpers';
import { startSmtpSink, type SmtpSink } from './smtp-server';

describe('SMTP delivery', () => {
  let sink: SmtpSink;
  let be: TestBackend;
  beforeAll(async () => {
    sink = await startSmtpSink();
    be = await startTestBackend({ SMTP_URL: sink.url, MAIL_FROM: 'Need40 <no-reply@need40.test>' });
  });
  afterAll(async () => {
    await be?.close();
    await sink?.close();
  });

  it('sends the confirmation through SMTP, and has no dev mailbox', async () => {
    const email = uniqueEmail('smtp').toLowerCase();
    const res = await call(be, 'POST', '/signup', { email, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(sink.messages).toHaveLength(1);
    const msg = sink.messages[0]!;
    expect(msg.to.join()).toContain(email);
    expect(msg.data).toContain('Confirm your Need40 account');
    expect(msg.data.replace(/=\n/g, '')).toMatch(/auth\/v1\/verify\?token=3D|auth\/v1\/verify\?token=/);
    expect((await fetch(`${be.url}/_dev/mailbox.json`)).status).toBe(404);
  });
});

describe('email change, POST /verify, races, bans', () => {
  let be: TestBackend;
  beforeAll(async () => {
    be = await startTestBackend({});
  });
  afterAll(async () => {
    await be?.close();
  });

  async function confirmedClient(prefix: string) {
    const client = makeClient(be);
    const email = uniqueEmail(prefix).toLowerCase();
    await client.auth.signUp({ email, password: 'secret123', options: { emailRedirectTo: 'http://localhost:3000/' } });
    const { location } = await follow(be, (await latestMail(be, email)).link);
    await client.auth.exchangeCodeForSession(new URL(location).searchParams.get('code')!);
    return { client, email };
  }

  it('changes the email after the new address confirms', async () => {
    const { client, email } = await confirmedClient('change');
    const next = uniqueEmail('changed').toLowerCase();
    const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: 'http://localhost:3000/' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(next);
    const mail = await latestMail(be, next);
    expect(mail.kind).toBe('email_change');
    const { location } = await follow(be, mail.link);
    const code = new URL(location).searchParams.get('code');
    expect(code).toBeTruthy();
    expect((await client.auth.exchangeCodeForSession(code!)).error).toBeNull();
    const { data: u } = await client.auth.getUser();
    expect(u.user?.email).toBe(next);
    expect(u.user?.new_email).toBeUndefined();
    const signIn = await makeClient(be).auth.signInWithPassword({ email: next, password: 'secret123' });
    expect(signIn.error).toBeNull();
  });

  it('refuses an email that belongs to someone else', async () => {
    const a = await confirmedClient('owner');
    const b = await confirmedClient('taker');
    const { error } = await b.client.auth.updateUser({ email: a.email });
    expect(error?.code).toBe('email_exists');
  });

  it('POST /verify {type, token_hash} answers a session (verifyOtp)', async () => {
    const email = uniqueEmail('otp').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'secret123' });
    const token = new URL((await latestMail(be, email)).link).searchParams.get('token')!;
    const client = makeClient(be);
    const { data, error } = await client.auth.verifyOtp({ type: 'signup', token_hash: token });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const again = await client.auth.verifyOtp({ type: 'signup', token_hash: token });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);
  });

  it('two sign-ups for one new address at once both answer 200', async () => {
    const email = uniqueEmail('race').toLowerCase();
    const [x, y] = await Promise.all([
      call(be, 'POST', '/signup', { email, password: 'secret123' }),
      call(be, 'POST', '/signup', { email, password: 'secret123' }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
  });

  it('a banned user cannot sign in or refresh', async () => {
    const { client, email } = await confirmedClient('banned');
    const { refresh_token } = (await client.auth.getSession()).data.session!;
    await be.db.transaction((tx) => tx.query("update auth.users set banned_until = now() + interval '1 day' where email = $1", [email]));
    const signIn = await call(be, 'POST', '/token?grant_type=password', { email, password: 'secret123' });
    expect(signIn).toMatchObject({ status: 400, body: { error_code: 'user_banned' } });
    const refresh = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token });
    expect(refresh).toMatchObject({ status: 400, body: { error_code: 'user_banned' } });
  });
});

/**
 * Nobody can pre-claim an address: an attacker signs up the owner's address (unconfirmed) with
 * their own password and name; whatever the order of sign-ups, the link the owner follows decides
 * the account's credentials and profile, and the attacker's password never works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, follow, local, uniqueEmail, type MailItem } from './helpers';
import { startOAuthProvider, type LocalProvider } from './oauth-provider';

let be: TestBackend;
let provider: LocalProvider;
beforeAll(async () => {
  provider = await startOAuthProvider({ sub: 'gh-owner', email: 'placeholder@example.com', email_verified: true, name: 'Olivia Owner' });
  be = await startTestBackend({ ...provider.env('local') });
});
afterAll(async () => {
  await be?.close();
  await provider?.close();
});

const attacker = { password: 'attacker-password', data: { full_name: 'Mallory Attacker' } };
const owner = { password: 'owner-password', data: { full_name: 'Olivia Owner' } };

async function mails(to: string): Promise<MailItem[]> {
  return (await (await fetch(`${be.url}/_dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as MailItem[];
}
const signUp = (email: string, who: typeof owner) => call(be, 'POST', '/signup', { email, password: who.password, data: who.data });
const signIn = (email: string, password: string) => call(be, 'POST', '/token?grant_type=password', { email, password });
async function profileOf(email: string) {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<{ full_name: string | null; username: string; meta: Record<string, unknown> }>(
      'select p.full_name, p.username, u.raw_user_meta_data as meta from public.profiles p join auth.users u on u.id = p.id where u.email = $1',
      [email],
    ),
  );
  return rows[0]!;
}

describe('pre-claiming an unconfirmed address', () => {
  it('attacker first, owner second: the owner confirms with their own password and name', async () => {
    const email = uniqueEmail('victim').toLowerCase();
    expect((await signUp(email, attacker)).status).toBe(200);
    expect((await profileOf(email)).full_name).toBe('Mallory Attacker');
    expect((await signUp(email, owner)).status).toBe(200);
    const [ownerMail, attackerMail] = await mails(email);
    expect((await follow(be, ownerMail!.link)).location).toContain('#access_token=');

    expect((await signIn(email, owner.password)).status).toBe(200);
    expect((await signIn(email, attacker.password)).body.error_code).toBe('invalid_credentials');
    const p = await profileOf(email);
    expect([p.full_name, p.username, p.meta.full_name, p.meta.email_verified]).toEqual(['Olivia Owner', 'oliviaowner', 'Olivia Owner', true]);
    // The attacker's link died with the proof.
    expect((await follow(be, attackerMail!.link)).location).toContain('error_code=otp_expired');
  });

  it("owner first, attacker again after: the owner's own link still gives the owner's credentials", async () => {
    const email = uniqueEmail('victim2').toLowerCase();
    await signUp(email, owner);
    await signUp(email, attacker);
    const [, ownerMail] = await mails(email);
    expect((await follow(be, ownerMail!.link)).location).toContain('#access_token=');
    expect((await signIn(email, owner.password)).status).toBe(200);
    expect((await signIn(email, attacker.password)).body.error_code).toBe('invalid_credentials');
    expect((await profileOf(email)).full_name).toBe('Olivia Owner');
  });

  it("a resend carries the latest sign-up's credentials", async () => {
    const email = uniqueEmail('victim3').toLowerCase();
    await signUp(email, attacker);
    await signUp(email, owner);
    expect((await call(be, 'POST', '/resend', { type: 'signup', email })).status).toBe(200);
    const [resent] = await mails(email);
    await follow(be, resent!.link);
    expect((await signIn(email, owner.password)).status).toBe(200);
    expect((await signIn(email, attacker.password)).body.error_code).toBe('invalid_credentials');
  });

  it('a recovery link on an account nobody confirmed drops the password and name set before', async () => {
    const email = uniqueEmail('victim4').toLowerCase();
    await signUp(email, attacker);
    await call(be, 'POST', '/recover', { email });
    const [recovery] = await mails(email);
    expect(recovery!.kind).toBe('recovery');
    const session = new URLSearchParams(new URL((await follow(be, recovery!.link)).location).hash.slice(1)).get('access_token')!;
    expect((await signIn(email, attacker.password)).body.error_code).toBe('invalid_credentials');
    const p = await profileOf(email);
    expect([p.full_name, p.meta.full_name]).toEqual([null, undefined]);
    expect(p.username).toMatch(/^member/);
    expect((await call(be, 'PUT', '/user', { password: owner.password }, session)).status).toBe(200);
    expect((await signIn(email, owner.password)).status).toBe(200);
  });

  it("a provider that vouches for the address drops the attacker's password", async () => {
    const email = uniqueEmail('victim5').toLowerCase();
    await signUp(email, attacker);
    provider.account = { sub: 'gh-owner-5', email, email_verified: true, name: 'Olivia Owner' };
    const start = await call(be, 'GET', `/authorize?provider=local&redirect_to=${encodeURIComponent('http://localhost:3000/')}&skip_http_redirect=true`);
    const res = await fetch(String(start.body.url), { redirect: 'manual' });
    const back = await follow(be, local(be, res.headers.get('location')!));
    expect(back.location).toContain('#access_token=');
    expect((await signIn(email, attacker.password)).body.error_code).toBe('invalid_credentials');
    expect((await profileOf(email)).full_name).not.toBe('Mallory Attacker');
  });
});

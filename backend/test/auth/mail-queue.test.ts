/**
 * Auth mail while the SMTP server is down: sign-up, recovery and an email change still answer as
 * usual, their mails wait in auth.mail_queue (which no API role can read), and the delivery job
 * sends them once the server is back — then clears their bodies (the links are credentials). A
 * mail whose link ran out first is never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverQueuedMail } from '../../src/auth/mail-queue';
import { sendSmtp } from '../../src/auth/mailer';
import { startTestBackend, type TestBackend } from '../harness';
import { call, uniqueEmail } from './helpers';
import { startSmtpSink, type SmtpSink } from './smtp-server';

let be: TestBackend;
let sink: SmtpSink | undefined;
let port: number;
const queued = () => be.db.transaction(async (tx) => (await tx.query<{ kind: string; to_address: string; sent: boolean; body: boolean; attempts: number }>(
  'select kind, to_address, sent_at is not null as sent, text_body is not null as body, attempts from auth.mail_queue order by id')).rows);
const deliver = () => deliverQueuedMail(be.app.services, be.app.log, (mail) => sendSmtp(be.app.services, mail));
const due = () => be.db.transaction((tx) => tx.query('update auth.mail_queue set deliver_after = now() where sent_at is null'));

beforeAll(async () => {
  // A port with no mail server on it (yet).
  const probe = await startSmtpSink();
  port = Number(new URL(probe.url).port);
  await probe.close();
  be = await startTestBackend({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Need40 <no-reply@need40.test>' });
});
afterAll(async () => {
  await be?.close();
  await sink?.close();
});

describe('auth mail with the SMTP server down', () => {
  const email = uniqueEmail('queued').toLowerCase();
  const changer = uniqueEmail('changer').toLowerCase();
  const next = uniqueEmail('next').toLowerCase();

  it('signing up, recovering a password and changing an email answer as usual; the mails wait', async () => {
    expect((await call(be, 'POST', '/signup', { email, password: 'secret123' })).status).toBe(200);
    expect((await call(be, 'POST', '/recover', { email })).status).toBe(200);
    const made = await call(be, 'POST', '/admin/users', { email: changer, password: 'secret123', email_confirm: true }, be.config.SERVICE_ROLE_KEY);
    expect(made.status).toBe(200);
    const session = await call(be, 'POST', '/token?grant_type=password', { email: changer, password: 'secret123' });
    const change = await call(be, 'PUT', '/user', { email: next }, session.body.access_token as string);
    expect(change.status).toBe(200);
    expect(change.body.new_email).toBe(next);
    expect((await queued()).map((r) => [r.kind, r.to_address, r.sent, r.body])).toEqual([
      ['signup', email, false, true], ['recovery', email, false, true], ['email_change', next, false, true],
    ]);
  });

  it('no API role can read the queue', async () => {
    const rows = await be.db.transaction(async (tx) => (await tx.query<{ role: string; any: boolean }>(
      `select r as role, has_table_privilege(r, 'auth.mail_queue', 'select,insert,update,delete') as any from unnest(array['anon', 'authenticated', 'service_role']) r`)).rows);
    expect(rows).toEqual([{ role: 'anon', any: false }, { role: 'authenticated', any: false }, { role: 'service_role', any: false }]);
  });

  it('a retry while the server is still down keeps the mails, with a later try', async () => {
    await due();
    expect(await deliver()).toBe(0);
    expect((await queued()).every((r) => !r.sent && r.body && r.attempts === 2)).toBe(true);
  });

  it('once the server is back the job sends them, and clears their bodies', async () => {
    sink = await startSmtpSink(port);
    await due();
    expect(await deliver()).toBe(3);
    expect(sink.messages.map((m) => m.to.join())).toEqual([expect.stringContaining(email), expect.stringContaining(email), expect.stringContaining(next)]);
    expect(sink.messages[0]!.data).toContain('Confirm your Need40 account');
    expect(sink.messages[0]!.data.replace(/=\n/g, '')).toMatch(/auth\/v1\/verify\?token=/);
    expect((await queued()).every((r) => r.sent && !r.body)).toBe(true);
    expect(await deliver()).toBe(0);
  });

  it('a mail whose link ran out is not sent', async () => {
    await sink!.close();
    sink = undefined;
    const late = uniqueEmail('late').toLowerCase();
    expect((await call(be, 'POST', '/signup', { email: late, password: 'secret123' })).status).toBe(200);
    await be.db.transaction((tx) => tx.query("update auth.mail_queue set expires_at = now() - interval '1 second', deliver_after = now() where to_address = $1", [late]));
    sink = await startSmtpSink(port);
    expect(await deliver()).toBe(0);
    expect(sink.messages).toEqual([]);
    expect((await queued()).at(-1)).toMatchObject({ to_address: late, sent: false, body: false });
  });
});

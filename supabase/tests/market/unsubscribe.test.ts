/**
 * List-Unsubscribe on notification mail (RFC 8058 one-click), over real SMTP and HTTP: the mail
 * names a link for its recipient and its kind; a GET only shows the button; the mail client's POST
 * turns that kind of email off (the profile's switch for it), and later emails of that kind are not
 * sent. A digest of several kinds names the link for all: its POST turns every notification email
 * off. A link that is not ours, one member's link with another's id, or another kind under this
 * link's code is refused with a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from 'backend/test/auth/smtp-server';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { createUser, type TestUser } from 'backend/test/rest/helpers';
import { apply, deliverNotifications, digestWindowOver, postGig, rpc, sql, undoWindowOver } from './helpers';

let sink: SmtpSink;
let be: TestBackend;
let poster: TestUser;
let worker: TestUser;
let link: URL;

beforeAll(async () => {
  sink = await startSmtpSink();
  be = await startTestBackend({ SMTP_URL: sink.url, API_EXTERNAL_URL: 'https://api.need40.test' });
  poster = await createUser(be, 'unsub-poster@example.com', 'Pat Poster');
  worker = await createUser(be, 'unsub-worker@example.com', 'Wendy Worker');
});
afterAll(async () => {
  await be?.close();
  await sink?.close();
});

const deliver = () => deliverNotifications(be);
/** The link on this backend (the mail names the public API_EXTERNAL_URL). */
const here = (url: URL, search = url.search) => `${be.url}${url.pathname}${search}`;
const prefs = async (user: TestUser) => (await sql<{ email_enabled: boolean; email_off: string[] }>(be, 'select email_enabled, email_off from public.notification_preferences where user_id = $1', [user.id]))[0]!;
const enabled = async (user: TestUser) => (await prefs(user)).email_enabled;
/** The List-Unsubscribe link of the newest mail to `to`. */
function linkIn(to: string): URL {
  const mail = sink.messages.filter((m) => m.to.some((line) => line.includes(`<${to}>`))).at(-1)!;
  const named = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail.data.replace(/\n\s+/g, ' '))?.[1];
  return new URL(named!);
}
const oneClick = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

describe('List-Unsubscribe', () => {
  it('a notification mail carries the one-click headers for its recipient', async () => {
    await apply(be, worker, await postGig(be, poster, { title: 'Paint the fence' }));
    expect(await deliver()).toBe(1);
    const headers = sink.messages[0]!.data.replace(/\n\s+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const named = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1];
    expect(named).toMatch(/^https:\/\/api\.need40\.test\/functions\/v1\/unsubscribe\?u=/);
    link = new URL(named!);
    expect(link.searchParams.get('u')).toBe(poster.id);
    expect(link.searchParams.get('k')).toBe('new_application');
  });

  it('a GET shows the button and changes nothing', async () => {
    const res = await fetch(here(link));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<p>Stop getting Need40 emails about: A new application to one of my gigs?</p>');
    expect(page).toContain('<form method="post"><button type="submit">Turn off these emails</button></form>');
    expect(await prefs(poster)).toEqual({ email_enabled: true, email_off: [] });
  });

  it('refuses a link that is not ours, or another member\'s id under this link\'s code', async () => {
    const t = link.searchParams.get('t')!;
    const bad = [`?u=${worker.id}&k=new_application&t=${t}`, `?u=${poster.id}&k=new_application&t=${t.slice(0, -1)}x`, `?u=${poster.id}&k=new_application`, '?u=not-a-uuid&t=x', '',
      `?u=${poster.id}&k=new_application&t=${t}&t=${t}`, `?u=${poster.id}&k=new_message&t=${t}`, `?u=${poster.id}&t=${t}`, `?u=${poster.id}&k=account_suspended&t=${t}`, `?u=${poster.id}&k=new_application&k=x&t=${t}`];
    for (const search of bad) {
      const res = await oneClick(here(link, search));
      expect(res.status, search).toBe(400);
      expect(await res.text()).toContain('This unsubscribe link is not valid.');
    }
    expect(await enabled(poster)).toBe(true);
    expect(await enabled(worker)).toBe(true);
  });

  it("the mail client's one-click POST turns that kind off; later emails of that kind are not sent", async () => {
    const res = await oneClick(here(link));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Done: you will no longer get Need40 emails about: A new application to one of my gigs.');
    expect(await prefs(poster)).toEqual({ email_enabled: true, email_off: ['new_application'] });
    expect((await oneClick(here(link))).status).toBe(200); // again: still off, still fine, listed once
    expect(await prefs(poster)).toEqual({ email_enabled: true, email_off: ['new_application'] });
    await apply(be, worker, await postGig(be, poster, { title: 'Mow the lawn' }));
    await digestWindowOver(be);
    const before = sink.messages.length;
    expect(await deliver()).toBe(0);
    expect(sink.messages.length).toBe(before);
  });

  it('a digest of several kinds names the link for all; its POST turns every notification email off', async () => {
    // The worker's application to one gig is accepted and another gig closes: two kinds, one digest.
    const first = await postGig(be, poster, { title: 'Fix the gate' });
    const second = await postGig(be, poster, { title: 'Oil the hinge' });
    const chosen = await apply(be, worker, first);
    await apply(be, worker, second);
    await sql(be, "update private.notification_outbox set delivered_at = now() where recipient_id = $1 and delivered_at is null", [poster.id]);
    await rpc(be, poster, 'accept_application', { p_application_id: chosen });
    await rpc(be, poster, 'close_gig', { p_gig_id: second });
    await undoWindowOver(be); // the accept's email waits out the poster's undo window
    await digestWindowOver(be);
    expect(await deliver()).toBe(1);
    const all = linkIn(worker.email);
    expect(all.searchParams.get('u')).toBe(worker.id);
    expect(all.searchParams.has('k')).toBe(false);
    expect(await (await fetch(here(all))).text()).toContain('<form method="post"><button type="submit">Turn off Need40 emails</button></form>');
    const res = await oneClick(here(all));
    expect(await res.text()).toContain('Done: you will no longer get Need40 notification emails.');
    expect(await prefs(worker)).toEqual({ email_enabled: false, email_off: [] });
  });
});

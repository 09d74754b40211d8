/**
 * List-Unsubscribe on notification mail (RFC 8058 one-click), over real SMTP and HTTP: the mail
 * names a link for its recipient; a GET only shows the button; the mail client's POST turns the
 * member's notification emails off (the profile's switch), and later notifications are not sent.
 * A link that is not ours, or one member's link with another's id, is refused with a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueNotifications } from '../../src/notifications/delivery';
import { startSmtpSink, type SmtpSink } from '../auth/smtp-server';
import { startTestBackend, type TestBackend } from '../harness';
import { createUser, type TestUser } from '../rest/helpers';
import { apply, digestWindowOver, postGig, sql } from './helpers';

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

const deliver = () => deliverDueNotifications(be.app.services, be.app.log);
/** The link on this backend (the mail names the public API_EXTERNAL_URL). */
const here = (url: URL, search = url.search) => `${be.url}${url.pathname}${search}`;
const enabled = async (user: TestUser) => (await sql<{ email_enabled: boolean }>(be, 'select email_enabled from public.notification_preferences where user_id = $1', [user.id]))[0]!.email_enabled;
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
  });

  it('a GET shows the button and changes nothing', async () => {
    const res = await fetch(here(link));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<form method="post"><button type="submit">Turn off Need40 emails</button></form>');
    expect(await enabled(poster)).toBe(true);
  });

  it('refuses a link that is not ours, or another member\'s id under this link\'s code', async () => {
    const t = link.searchParams.get('t')!;
    for (const search of [`?u=${worker.id}&t=${t}`, `?u=${poster.id}&t=${t.slice(0, -1)}x`, `?u=${poster.id}`, '?u=not-a-uuid&t=x', '', `?u=${poster.id}&t=${t}&t=${t}`]) {
      const res = await oneClick(here(link, search));
      expect(res.status, search).toBe(400);
      expect(await res.text()).toContain('This unsubscribe link is not valid.');
    }
    expect(await enabled(poster)).toBe(true);
    expect(await enabled(worker)).toBe(true);
  });

  it("the mail client's one-click POST turns the member's emails off; later notifications are not sent", async () => {
    const res = await oneClick(here(link));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('you will no longer get Need40 notification emails');
    expect(await enabled(poster)).toBe(false);
    expect((await oneClick(here(link))).status).toBe(200); // again: still off, still fine
    await apply(be, worker, await postGig(be, poster, { title: 'Mow the lawn' }));
    await digestWindowOver(be);
    const before = sink.messages.length;
    expect(await deliver()).toBe(0);
    expect(sink.messages.length).toBe(before);
  });
});

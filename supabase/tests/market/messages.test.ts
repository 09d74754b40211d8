/**
 * Messages per application, over real HTTP: only the two parties write and read the thread, read
 * markers drive the unread counts, and the recipient gets one debounced email per burst — none if
 * they read the thread meanwhile or turned emails off. A send retried with its client-chosen id is
 * one message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverNotifications } from './helpers';
import { apply, as, digestWindowOver, postGig, refusal, rpc, sql, useMarket } from './helpers';

const m = useMarket();
let gig: string;
let app: string;

beforeAll(async () => {
  gig = await postGig(m.be, m.poster, { title: 'Tile the bathroom' });
  app = await apply(m.be, m.worker, gig);
});

const deliver = () => deliverNotifications(m.be);
/** Make the debounced message emails due now. */
const dueNow = () => sql(m.be, "update private.notification_outbox set deliver_after = now() where kind = 'new_message' and delivered_at is null");
const inbox = async (to: string) => ((await (await fetch(`${m.be.url}/_dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as { subject: string; text: string; link: string }[]).filter((x) => x.subject.startsWith('New message'));

describe('messages', () => {
  it('the two parties write and read; nobody else does', async () => {
    const sent = await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: '  When can I start?  ' });
    expect(sent.data).toMatchObject({ application_id: app, sender_id: m.worker.id, body: 'When can I start?' });
    expect((await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'Monday' })).status).toBe(200);
    for (const who of [m.worker, m.poster]) {
      expect((await as(m.be, who).from('application_messages').select('body').eq('application_id', app).order('created_at')).data).toEqual([{ body: 'When can I start?' }, { body: 'Monday' }]);
    }
    expect((await as(m.be, m.stranger).from('application_messages').select('*')).data).toEqual([]);
    expect(await rpc(m.be, m.stranger, 'send_message', { p_application_id: app, p_body: 'Hi' })).toEqual(refusal(400, 'N4004', 'Application not found'));
    expect(await rpc(m.be, undefined, 'send_message', { p_application_id: app, p_body: 'Hi' })).toEqual(refusal(401, '42501', 'You must be logged in to send a message'));
    expect(await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: ' ' })).toEqual(refusal(400, '22023', 'Write a message'));
    expect(await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'x'.repeat(2001) })).toEqual(refusal(400, '22023', 'A message must be at most 2000 characters'));
    const direct = await as(m.be, m.worker).from('application_messages').insert({ application_id: app, sender_id: m.poster.id, body: 'forged' });
    expect([direct.status, direct.error?.code]).toEqual([403, '42501']);
  });

  it('unread counts follow the read markers', async () => {
    const counts = async (who: typeof m.worker) => {
      const r = await rpc(m.be, who, 'unread_message_counts', { p_application_ids: [app, gig] });
      expect(r.error).toBeNull();
      return r.data;
    };
    expect(await counts(m.worker)).toEqual([{ application_id: app, unread: 1 }]);
    expect(await counts(m.poster)).toEqual([]);
    expect(await counts(m.stranger)).toEqual([]);
    expect((await rpc(m.be, m.worker, 'mark_thread_read', { p_application_id: app })).status).toBe(204);
    expect(await counts(m.worker)).toEqual([]);
    expect(await rpc(m.be, m.stranger, 'mark_thread_read', { p_application_id: app })).toEqual(refusal(400, 'N4004', 'Application not found'));
    const tooMany = Array.from({ length: 501 }, () => app);
    expect(await rpc(m.be, m.worker, 'unread_message_counts', { p_application_ids: tooMany })).toEqual(refusal(400, '22023', 'Ask for at most 500 applications at a time'));
    expect((await as(m.be, m.worker).from('application_reads').select('user_id')).data).toEqual([{ user_id: m.worker.id }]);
  });

  it('one email per burst, after the debounce; none when the thread was read meanwhile or emails are off', async () => {
    await deliver(); // the new-application email of the setup
    await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'One' });
    await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'Two' });
    expect(await deliver()).toBe(0); // not yet: debounced
    const before = (await inbox(m.worker.email)).length;
    await dueNow();
    expect(await deliver()).toBe(1);
    const mails = await inbox(m.worker.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]).toMatchObject({ subject: 'New message about "Tile the bathroom"' });
    expect(mails[0]!.text.split('\n')[0]).toBe('New message about "Tile the bathroom" from Pat Poster.');
    // The bell's rule (the kernel's threadHref): the worker's thread is on the gig page, open.
    expect(mails[0]!.link).toMatch(new RegExp(`/#gig/${gig}/messages$`));

    await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'Three' });
    await rpc(m.be, m.worker, 'mark_thread_read', { p_application_id: app });
    await dueNow();
    await digestWindowOver(m.be);
    expect(await deliver()).toBe(0);
    expect(await sql(m.be, "select last_error from private.notification_outbox where kind = 'new_message' order by id desc limit 1")).toEqual([{ last_error: 'not sent: the thread was read meanwhile' }]);

    await as(m.be, m.worker).from('notification_preferences').update({ email_enabled: false }).eq('user_id', m.worker.id);
    const queued = (await sql<{ n: number }>(m.be, "select count(*)::int as n from private.notification_outbox where kind = 'new_message'"))[0]!.n;
    await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'Four' });
    expect((await sql<{ n: number }>(m.be, "select count(*)::int as n from private.notification_outbox where kind = 'new_message'"))[0]!.n).toBe(queued);
  });

  it("the poster's email leads to that applicant's thread on the dashboard, open", async () => {
    await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'Is Monday fine?' });
    await dueNow();
    await digestWindowOver(m.be);
    expect(await deliver()).toBe(1);
    const [mail] = await inbox(m.poster.email);
    expect(mail!.text.split('\n')[0]).toBe('New message about "Tile the bathroom" from Wendy Worker.');
    expect(mail!.link).toMatch(new RegExp(`/#dashboard/application/${app}/messages$`));
  });

  it('a send retried with its id is one message; an id used by another is refused', async () => {
    const id = crypto.randomUUID();
    const count = async () => (await as(m.be, m.poster).from('application_messages').select('id').eq('application_id', app)).data!.length;
    const before = await count();
    const first = await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'Sent on a slow line', p_id: id });
    expect(first.data).toMatchObject({ id, body: 'Sent on a slow line' });
    const again = await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'Sent on a slow line', p_id: id });
    expect([again.status, again.data]).toEqual([200, first.data]);
    expect(await count()).toBe(before + 1);
    expect(await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'Mine now', p_id: id })).toEqual(refusal(409, '23505', 'That message id is already used'));
    expect(await count()).toBe(before + 1);
  });

  it('a closed conversation takes no new messages', async () => {
    await rpc(m.be, m.worker, 'withdraw_application', { p_application_id: app });
    expect(await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'Still there?' })).toEqual(refusal(400, 'N4005', 'This conversation is closed'));
    expect((await as(m.be, m.poster).from('application_messages').select('id').eq('application_id', app)).data).toHaveLength(8);
  });
});

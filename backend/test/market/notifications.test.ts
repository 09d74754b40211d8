/**
 * Marketplace emails end to end: a transition queues the email in the same transaction, the
 * deliverer sends it through the mailer into the development mailbox (/_dev/mailbox.json), and a
 * member who turned notifications off gets none. A failed send is retried (at-least-once). Events
 * for one recipient due together go out as one digest (the limits: mail-limits.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { deliverDueNotifications } from '../../src/notifications/delivery';
import { startTestBackend, type TestBackend } from '../harness';
import { createUser } from '../rest/helpers';
import { apply, as, digestWindowOver, postGig, rpc, sql, undoWindowOver, useMarket } from './helpers';

const m = useMarket();

interface MailItem { to: string; subject: string; text: string; link: string; kind: string }

async function mailbox(be: TestBackend, to: string): Promise<MailItem[]> {
  const res = await fetch(`${be.url}/_dev/mailbox.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as MailItem[];
}

const deliver = (be: TestBackend) => deliverDueNotifications(be.app.services, be.app.log);

describe('marketplace emails', () => {
  it('a new application emails the poster (two at once: one digest); accepting emails the chosen worker and the declined one', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Walk the dog' });
    const chosen = await apply(m.be, m.worker, gig);
    expect(await deliver(m.be)).toBe(1);
    const [first] = await mailbox(m.be, m.poster.email);
    expect(first).toMatchObject({ kind: 'notification', subject: 'New application for "Walk the dog"', link: `${m.be.config.SITE_URL}/#gig/${gig}` });
    expect(first!.text.split('\n')[0]).toBe('New application for your gig "Walk the dog" from Wendy Worker.');
    await digestWindowOver(m.be);
    await apply(m.be, m.third, gig);
    await apply(m.be, m.worker, await postGig(m.be, m.poster, { title: 'Mow the lawn' }));
    expect(await deliver(m.be)).toBe(1);
    const digest = (await mailbox(m.be, m.poster.email)).find((x) => x.subject === '2 updates on Need40')!;
    expect(digest.link).toBe(`${m.be.config.SITE_URL}/#dashboard`);
    expect(digest.text).toContain('- New application for your gig "Walk the dog" from Theo Third.');
    expect(digest.text).toContain('- New application for your gig "Mow the lawn" from Wendy Worker.');

    await rpc(m.be, m.poster, 'accept_application', { p_application_id: chosen });
    // Held while the poster can still undo it (notification-centre.test.ts), then sent.
    expect(await deliver(m.be)).toBe(0);
    await undoWindowOver(m.be);
    expect(await deliver(m.be)).toBe(2);
    expect((await mailbox(m.be, m.worker.email)).map((x) => x.subject)).toEqual(['Your application for "Walk the dog" was accepted']);
    const declined = await mailbox(m.be, m.third.email);
    expect(declined.map((x) => x.subject)).toEqual(['Update on your application for "Walk the dog"']);
    expect(declined[0]!.text).toContain('The poster has chosen another applicant, so this gig is now filled.');
    // Delivered means delivered: nothing is sent twice.
    expect(await deliver(m.be)).toBe(0);
    expect(await sql(m.be, 'select count(*)::int as n from private.notification_outbox where delivered_at is null')).toEqual([{ n: 0 }]);
  });

  it('a member who turned notifications off gets no email, even for one queued before they did', async () => {
    const gig = await postGig(m.be, m.stranger, { title: 'Quiet gig' });
    await as(m.be, m.stranger).from('notification_preferences').update({ email_enabled: false }).eq('user_id', m.stranger.id);
    const id = await apply(m.be, m.worker, gig);
    expect(await sql(m.be, "select count(*)::int as n from private.notification_outbox where payload->>'gig_id' = $1", [gig])).toEqual([{ n: 0 }]);

    await as(m.be, m.worker).from('notification_preferences').update({ email_enabled: true }).eq('user_id', m.worker.id);
    await rpc(m.be, m.stranger, 'decline_application', { p_application_id: id });
    await as(m.be, m.worker).from('notification_preferences').update({ email_enabled: false }).eq('user_id', m.worker.id);
    const before = (await mailbox(m.be, m.worker.email)).length;
    await digestWindowOver(m.be);
    await undoWindowOver(m.be);
    expect(await deliver(m.be)).toBe(0);
    expect((await mailbox(m.be, m.worker.email)).length).toBe(before);
    expect(await sql(m.be, "select last_error from private.notification_outbox where payload->>'gig_id' = $1", [gig])).toEqual([{ last_error: 'not sent: notifications turned off' }]);
    await as(m.be, m.stranger).from('notification_preferences').update({ email_enabled: true }).eq('user_id', m.stranger.id);
  });

  it('a send that fails stays queued with its error and is sent by a later round', async () => {
    // An SMTP server that refuses connections: the mailer throws, the row is kept for a retry.
    const broken = await startTestBackend({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const poster = await createUser(broken, 'p2@example.com', 'Pia Poster');
      const worker = await createUser(broken, 'w2@example.com', 'Will Worker');
      const gig = await postGig(broken, poster);
      await apply(broken, worker, gig);
      expect(await deliverDueNotifications(broken.app.services, broken.app.log)).toBe(0);
      const [row] = await sql<{ attempts: number; delivered_at: unknown; last_error: string; later: boolean }>(broken,
        'select attempts, delivered_at, last_error, deliver_after > now() as later from private.notification_outbox');
      expect(row).toMatchObject({ attempts: 1, delivered_at: null, later: true });
      expect(row!.last_error).toBeTruthy();
      // Same database, a backend whose mailer works (the dev mailbox): the retry is delivered.
      const fixed = await startTestBackend({}, broken.db);
      try {
        await sql(broken, 'update private.notification_outbox set deliver_after = now()');
        await digestWindowOver(broken);
        expect(await deliverDueNotifications(fixed.app.services, fixed.app.log)).toBe(1);
        expect((await mailbox(fixed, 'p2@example.com')).map((x) => x.subject)).toEqual(['New application for "Paint the fence"']);
      } finally {
        await fixed.close();
      }
    } finally {
      await broken.close();
    }
  });

  it('a claimed row whose delivery never finished is claimed again when its lease runs out', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Lease' });
    await apply(m.be, m.third, gig);
    // A deliverer claimed it and died before sending: the row carries a lease.
    await sql(m.be, "update private.notification_outbox set attempts = 1, deliver_after = now() + interval '2 minutes' where payload->>'gig_id' = $1", [gig]);
    expect(await deliver(m.be)).toBe(0);
    await sql(m.be, "update private.notification_outbox set deliver_after = now() - interval '1 second' where payload->>'gig_id' = $1", [gig]);
    await digestWindowOver(m.be);
    expect(await deliver(m.be)).toBe(1);
    expect((await mailbox(m.be, m.poster.email)).some((x) => x.subject === 'New application for "Lease"')).toBe(true);
  });
});

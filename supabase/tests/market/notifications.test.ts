/**
 * Marketplace emails end to end: a transition queues the email in the same transaction, the app
 * server's deliverer sends it through the mailer into the development mailbox (/_dev/mailbox.json),
 * each linking to the exact place; a gig closed and a review posted are emailed too. A member who
 * turned notifications off gets none, one who turned a kind off gets none of that kind, and account
 * notices go out whatever the setting. A failed send is retried (at-least-once) until the limit of
 * attempts, after which the deliverer and the console agree it is given up. Events for one
 * recipient due together go out as one digest (the limits: mail-limits.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { deliverNotifications } from './helpers';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { createUser } from 'backend/test/rest/helpers';
import { apply, as, digestWindowOver, postGig, rpc, sql, undoWindowOver, useMarket } from './helpers';
import { makeOperator } from './moderation-helpers';

const m = useMarket();

interface MailItem { to: string; subject: string; text: string; link: string; kind: string }

async function mailbox(be: TestBackend, to: string): Promise<MailItem[]> {
  const res = await fetch(`${be.url}/_dev/mailbox.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as MailItem[];
}

const deliver = (be: TestBackend) => deliverNotifications(be);

describe('marketplace emails', () => {
  it('a new application emails the poster (two at once: one digest); accepting emails the chosen worker and the declined one', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Walk the dog' });
    const chosen = await apply(m.be, m.worker, gig);
    expect(await deliver(m.be)).toBe(1);
    const [first] = await mailbox(m.be, m.poster.email);
    // The link opens that applicant on the dashboard, with Accept and Decline.
    expect(first).toMatchObject({ kind: 'notification', subject: 'New application for "Walk the dog"', link: `${m.be.config.SITE_URL}/#dashboard/application/${chosen}` });
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

  it('closing a gig emails its pending applicants; a review emails the member reviewed', async () => {
    // (Sam and Theo apply here: the worker turned emails off above, and each applicant may send a
    // poster three new-application emails a day.)
    const gig = await postGig(m.be, m.poster, { title: 'Sweep the yard' });
    const sams = await apply(m.be, m.stranger, gig);
    await apply(m.be, m.third, gig);
    await digestWindowOver(m.be);
    await rpc(m.be, m.poster, 'close_gig', { p_gig_id: gig });
    await deliver(m.be);
    for (const who of [m.stranger, m.third]) {
      const mail = (await mailbox(m.be, who.email)).find((x) => x.subject === 'The gig "Sweep the yard" is closed');
      expect(mail, who.email).toMatchObject({ link: `${m.be.config.SITE_URL}/#gig/${gig}` });
      expect(mail!.text.split('\n')[0]).toBe('Thank you for applying. The poster has closed this gig without choosing an applicant.');
    }
    // A review (written here as the database would after a released deal): the member reviewed hears of it.
    await digestWindowOver(m.be);
    await sql(m.be, 'insert into public.reviews (application_id, reviewer_id, reviewee_id, rating) values ($1, $2, $3, 4)', [sams, m.poster.id, m.stranger.id]);
    await deliver(m.be);
    const review = (await mailbox(m.be, m.stranger.email)).find((x) => x.subject === 'Pat Poster reviewed you');
    expect(review).toMatchObject({ link: `${m.be.config.SITE_URL}/#profile/${m.stranger.id}` });
    expect(review!.text).toContain('Pat Poster reviewed your work on "Sweep the yard": ★★★★☆ (4 of 5).');
  });

  it('one kind turned off is not sent; the other kinds are; account notices go out whatever the setting', async () => {
    const sam = as(m.be, m.stranger).from('notification_preferences');
    const off = await sam.update({ email_off: ['gig_closed'] }).eq('user_id', m.stranger.id).select('email_off').single();
    expect(off.data).toEqual({ email_off: ['gig_closed'] });
    const refused = await as(m.be, m.stranger).from('notification_preferences').update({ email_off: ['account_suspended'] }).eq('user_id', m.stranger.id);
    expect([refused.status, refused.error?.code]).toEqual([400, '23514']);
    const closing = await postGig(m.be, m.poster, { title: 'Rake leaves' });
    const accepting = await postGig(m.be, m.poster, { title: 'Fix a fence' });
    await apply(m.be, m.stranger, closing);
    const chosen = await apply(m.be, m.stranger, accepting);
    await digestWindowOver(m.be);
    await rpc(m.be, m.poster, 'close_gig', { p_gig_id: closing });
    await rpc(m.be, m.poster, 'accept_application', { p_application_id: chosen });
    await undoWindowOver(m.be); // an accept's email waits out the poster's undo window
    await deliver(m.be);
    const subjects = (await mailbox(m.be, m.stranger.email)).map((x) => x.subject);
    expect(subjects).toContain('Your application for "Fix a fence" was accepted');
    expect(subjects).not.toContain('The gig "Rake leaves" is closed');
    expect(await sql(m.be, "select last_error from private.notification_outbox where kind = 'gig_closed' and payload->>'gig_id' = $1", [closing])).toEqual([{ last_error: 'not sent: notifications turned off' }]);

    // An operator took one of Sam's gigs down while all of Sam's emails are off: that notice still goes.
    await as(m.be, m.stranger).from('notification_preferences').update({ email_enabled: false }).eq('user_id', m.stranger.id);
    await sql(m.be, "insert into private.notification_outbox (recipient_id, kind, payload) values ($1, 'gig_hidden', jsonb_build_object('gig_id', $2::text, 'gig_title', 'Sam''s gig', 'notice', 'Spam.'))", [m.stranger.id, closing]);
    await digestWindowOver(m.be);
    await deliver(m.be);
    expect((await mailbox(m.be, m.stranger.email)).filter((x) => x.subject === 'Your gig "Sam\'s gig" was taken down')).toHaveLength(1);
    await as(m.be, m.stranger).from('notification_preferences').update({ email_enabled: true, email_off: [] }).eq('user_id', m.stranger.id);
  });

  it('an invitation and a saved search\'s new gigs are emailed with links to the gigs (the app server\'s job finds the match); each kind can be turned off', async () => {
    const shed = await postGig(m.be, m.poster, { title: 'Paint the shed' });
    await digestWindowOver(m.be);
    expect((await rpc(m.be, m.poster, 'invite_to_apply', { p_gig_id: shed, p_worker_id: m.third.id })).error).toBeNull();
    expect(await deliver(m.be)).toBe(1);
    const invited = (await mailbox(m.be, m.third.email)).find((x) => x.subject === 'Pat Poster invited you to apply to "Paint the shed"');
    expect(invited).toMatchObject({ link: `${m.be.config.SITE_URL}/#gig/${shed}` });
    expect(invited!.text.split('\n')[0]).toBe('Pat Poster invited you to apply to their gig "Paint the shed".');

    expect((await as(m.be, m.third).from('saved_searches').insert({ name: 'Sheds', filters: { search: 'shed' } })).error).toBeNull();
    const roof = await postGig(m.be, m.poster, { title: 'Roof the shed' });
    await digestWindowOver(m.be);
    const jobs = await m.be.app.sqlJobs.runNow();
    expect(jobs.find((j) => j.fn === 'private.run_saved_searches')).toMatchObject({ ok: true, result: { alerts: 1 } });
    expect(await deliver(m.be)).toBe(1);
    const alert = (await mailbox(m.be, m.third.email)).find((x) => x.subject === 'New gigs for your saved search "Sheds"');
    const roofLink = `${m.be.config.SITE_URL}/#gig/${roof}`;
    expect(alert).toMatchObject({ link: roofLink });
    expect(alert!.text).toContain(`A new gig matches your saved search "Sheds":\n\n- Roof the shed\n  ${roofLink}\n`);

    // Both kinds off: the next invitation is queued but not sent.
    const off = await as(m.be, m.third).from('notification_preferences').update({ email_off: ['gig_invitation', 'saved_search'] }).eq('user_id', m.third.id).select('email_off').single();
    expect(off.data).toEqual({ email_off: ['gig_invitation', 'saved_search'] });
    await digestWindowOver(m.be);
    await rpc(m.be, m.poster, 'invite_to_apply', { p_gig_id: roof, p_worker_id: m.third.id });
    await deliver(m.be);
    expect((await mailbox(m.be, m.third.email)).filter((x) => x.subject.includes('invited you to apply'))).toHaveLength(1);
    expect(await sql(m.be, "select last_error from private.notification_outbox where kind = 'gig_invitation' and payload->>'gig_id' = $1", [roof])).toEqual([{ last_error: 'not sent: notifications turned off' }]);
    await as(m.be, m.third).from('notification_preferences').update({ email_off: [] }).eq('user_id', m.third.id);
  });

  it('a send that fails stays queued with its error and is sent by a later round', { timeout: 120_000 }, async () => {
    // An SMTP server that refuses connections: the mailer throws, the row is kept for a retry.
    const broken = await startTestBackend({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const poster = await createUser(broken, 'p2@example.com', 'Pia Poster');
      const worker = await createUser(broken, 'w2@example.com', 'Will Worker');
      const gig = await postGig(broken, poster);
      await apply(broken, worker, gig);
      expect(await deliverNotifications(broken)).toBe(0);
      const [row] = await sql<{ attempts: number; delivered_at: unknown; last_error: string; later: boolean }>(broken,
        'select attempts, delivered_at, last_error, deliver_after > now() as later from private.notification_outbox');
      expect(row).toMatchObject({ attempts: 1, delivered_at: null, later: true });
      expect(row!.last_error).toBeTruthy();
      // Same database, a backend whose mailer works (the dev mailbox): the retry is delivered.
      const fixed = await startTestBackend({}, broken.db);
      try {
        await sql(broken, 'update private.notification_outbox set deliver_after = now()');
        await digestWindowOver(broken);
        expect(await deliverNotifications(fixed)).toBe(1);
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

  it('a row that failed the limit of attempts is given up: never claimed again, "failed" in the console and the metrics; one failure fewer is still retried', async () => {
    const op = await createUser(m.be, 'outbox-op@example.com', 'Opal Operator');
    await makeOperator(m.be, op);
    const [limit] = await sql<{ n: number }>(m.be, 'select private.notification_max_attempts() as n');
    // A poster of its own: the file's poster has had many emails already, and the per-recipient cap
    // (mail-limits.test.ts) would fold this one away.
    const gus = await createUser(m.be, 'outbox-poster@example.com', 'Gus Poster');
    const givenUp = await postGig(m.be, gus, { title: 'Given up' });
    const lastTry = await postGig(m.be, m.stranger, { title: 'One more try' });
    await apply(m.be, m.third, givenUp);
    await apply(m.be, m.third, lastTry);
    const failed = "update private.notification_outbox set attempts = $2, last_error = 'smtp down', deliver_after = now() - interval '1 second' where payload->>'gig_id' = $1";
    await sql(m.be, failed, [givenUp, limit!.n]);
    await sql(m.be, failed, [lastTry, limit!.n - 1]);

    const { data } = await as(m.be, op).from('admin_outbox').select('gig_title, attempts, state').in('gig_title', ['Given up', 'One more try']).order('gig_title');
    expect(data).toEqual([{ gig_title: 'Given up', attempts: limit!.n, state: 'failed' }, { gig_title: 'One more try', attempts: limit!.n - 1, state: 'retrying' }]);
    const [backlog] = await sql<{ n: number }>(m.be, 'select count(*)::int as n from private.notification_outbox where delivered_at is null and attempts >= private.notification_max_attempts()');
    expect(backlog!.n).toBe(1); // what the metrics' need40_outbox_given_up counts

    await digestWindowOver(m.be);
    expect(await deliver(m.be)).toBe(1);
    expect((await mailbox(m.be, m.stranger.email)).some((x) => x.subject === 'New application for "One more try"')).toBe(true);
    expect((await mailbox(m.be, gus.email)).some((x) => x.subject === 'New application for "Given up"')).toBe(false);
    expect(await deliver(m.be)).toBe(0);
  });
});

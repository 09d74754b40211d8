/**
 * Nobody can mail-bomb a member through the marketplace, over real HTTP: withdraw / re-apply
 * cycles (ten in 0.4 s once sent eleven emails) meet a cooldown and a per-pair limit; one sender
 * and one recipient each have a ceiling; a burst to one recipient is one digest; and what a
 * member typed (their name, a gig title) is never a link in the email, in the text part or the
 * HTML part.
 */
import { describe, expect, it } from 'vitest';
import { deliverNotifications } from './helpers';
import { createUser } from 'backend/test/rest/helpers';
import { apply, digestWindowOver, postGig, refusal, rpc, sql, useMarket } from './helpers';

const m = useMarket();

interface MailItem { to: string; subject: string; text: string; html: string; link: string }
const mailbox = async (to: string) =>
  (await (await fetch(`${m.be.url}/_dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as MailItem[];
const deliver = () => deliverNotifications(m.be);
const queued = async (sender: string, recipient: string) =>
  (await sql<{ n: number }>(m.be, 'select count(*)::int as n from private.notification_outbox where sender_id = $1 and recipient_id = $2', [sender, recipient]))[0]!.n;
/** Rows straight into the outbox, past its limits trigger (as if queued earlier this hour). */
const seedOutbox = (select: string, params: unknown[]) =>
  m.be.db.transaction(async (tx) => {
    await tx.query("set local session_replication_role = 'replica'");
    await tx.query(`insert into private.notification_outbox (recipient_id, sender_id, kind, payload) ${select}`, params);
  });
/** As if the withdraw had happened 11 minutes ago (the cooldown is over). */
const cooldownOver = (app: string) => sql(m.be, "update public.application_events set created_at = created_at - interval '11 minutes' where application_id = $1", [app]);

describe('mail bombing', () => {
  it('withdraw / re-apply: refused for 10 minutes after a withdraw; past that, at most 3 new-application emails a day from one worker to one poster', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Cycle gig' });
    const app = await apply(m.be, m.third, gig);
    expect((await rpc(m.be, m.third, 'withdraw_application', { p_application_id: app })).status).toBe(200);
    const again = await rpc(m.be, m.third, 'apply_to_gig', { p_gig_id: gig, p_message: 'again' });
    expect(again).toEqual(refusal(400, 'N4290', 'You withdrew this application a moment ago: you can apply again in 10 minutes'));
    for (let i = 0; i < 10; i++) {
      await cooldownOver(app);
      expect((await rpc(m.be, m.third, 'apply_to_gig', { p_gig_id: gig, p_message: `again ${i}` })).status).toBe(200);
      expect((await rpc(m.be, m.third, 'withdraw_application', { p_application_id: app })).status).toBe(200);
    }
    // Eleven applications, three emails queued: the first and two re-applies.
    expect(await queued(m.third.id, m.poster.id)).toBe(3);
  });

  it('one sender: at most 30 unsolicited emails an hour; one recipient: at most 100 queued an hour', async () => {
    const busy = await createUser(m.be, 'busy@example.com', 'Busy Bee');
    const target = await createUser(m.be, 'target@example.com', 'Tara Target');
    // 30 emails this hour already caused by `busy` (to someone else), 100 already queued for `target`.
    await seedOutbox(`select $1::uuid, $2::uuid, 'new_message', '{}'::jsonb from generate_series(1, 30)`, [m.stranger.id, busy.id]);
    await seedOutbox(`select $1::uuid, null::uuid, 'application_declined', '{}'::jsonb from generate_series(1, 100)`, [target.id]);
    await apply(m.be, busy, await postGig(m.be, m.poster, { title: 'Sender cap' }));
    expect(await queued(busy.id, m.poster.id)).toBe(0);

    await apply(m.be, m.worker, await postGig(m.be, target, { title: 'Recipient cap' }));
    expect(await queued(m.worker.id, target.id)).toBe(0);
    // The applications themselves went through; only the emails were not queued.
    expect((await sql<{ n: number }>(m.be, 'select count(*)::int as n from public.applications where worker_id = any($1)', [[busy.id, m.worker.id]]))[0]!.n).toBeGreaterThanOrEqual(2);
    await sql(m.be, 'delete from private.notification_outbox where recipient_id = any($1)', [[m.stranger.id, target.id]]);
  });

  it('a burst to one recipient: the first email at once, the rest as one digest at the end of the window', async () => {
    const poster = await createUser(m.be, 'burst-poster@example.com', 'Burst Poster');
    const gig = await postGig(m.be, poster, { title: 'Burst gig' });
    await deliver(); // whatever the earlier tests queued
    const workers = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(m.be, `burst${i}@example.com`, `Burst Worker ${i}`)));
    await apply(m.be, workers[0]!, gig);
    expect(await deliver()).toBe(1);
    for (const w of workers.slice(1)) await apply(m.be, w, gig);
    expect(await deliver()).toBe(0); // the window of the first email is still open
    const [row] = await sql<{ wait: boolean }>(m.be, "select bool_and(deliver_after > now() + interval '9 minutes') as wait from private.notification_outbox where recipient_id = $1 and delivered_at is null", [poster.id]);
    expect(row!.wait).toBe(true);
    await sql(m.be, 'update private.notification_outbox set deliver_after = now() where recipient_id = $1 and delivered_at is null', [poster.id]);
    await digestWindowOver(m.be);
    expect(await deliver()).toBe(1);
    const mails = await mailbox(poster.email);
    expect(mails.map((x) => x.subject)).toEqual(['5 updates on Need40', 'New application for "Burst gig"']);
    for (let i = 1; i < 6; i++) expect(mails[0]!.text).toContain(`- New application for your gig "Burst gig" from Burst Worker ${i}.`);
  });

  it('a member\'s name and a gig title are plain text in the email: no link, no second line, in the text and HTML parts', async () => {
    const poster = await createUser(m.be, 'inert-poster@example.com', 'Ina Poster');
    const spammer = await createUser(m.be, 'spammer@example.com', 'x');
    await sql(m.be, 'update public.profiles set full_name = $2 where id = $1', [spammer.id, 'Claim at https://evil.example/win\nor www.evil.example']);
    const title = 'Fix ｅｖｉｌ．ｅｘａｍｐｌｅ, mail me@evil.example <a href="https://evil.example">now</a>';
    await apply(m.be, spammer, await postGig(m.be, poster, { title }));
    await deliver();
    const [mail] = await mailbox(poster.email);
    expect(mail!.text.split('\n')[0]).toBe(
      'New application for your gig "Fix evil[.]example, mail me[at]evil[.]example <a href="https[:]//evil[.]example">now</a>" from Claim at https[:]//evil[.]example/win or www[.]evil[.]example.',
    );
    for (const part of [mail!.text, mail!.html, mail!.subject]) {
      expect(part).not.toMatch(/evil\.example|https?:\/\/evil|www\.evil|me@/);
    }
    // The only link in the HTML part is ours.
    expect([...mail!.html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((x) => x[1])).toEqual([mail!.link]);
    expect(mail!.html).not.toContain('<a href="https://evil');
  });
});

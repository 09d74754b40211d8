/**
 * Who reads what, over real HTTP: applications and their events (the two parties only), saved
 * gigs and notification preferences (the owner only), contact details (the member and whoever
 * shares an accepted application with them), the public applicant count and the poster's display
 * name, and the MFA rule (a member with a verified factor needs an aal2 session).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apply, as, enrolVerifiedFactor, postGig, rpc, tokenWithAal, useMarket } from './helpers';

const m = useMarket();
let gig: string;
let application: string;

beforeAll(async () => {
  gig = await postGig(m.be, m.poster, { title: 'Fix the roof' });
  application = await apply(m.be, m.worker, gig, 'Roofer for ten years.');
});

const ids = (rows: unknown) => (rows as { id: string }[]).map((r) => r.id);

describe('applications and their events', () => {
  it('the worker and the poster read the application and its events; another member reads none; a visitor is refused', async () => {
    for (const who of [m.worker, m.poster]) {
      expect(ids((await as(m.be, who).from('applications').select('*')).data)).toEqual([application]);
      expect((await as(m.be, who).from('application_events').select('transition').eq('application_id', application)).data).toEqual([{ transition: 'apply' }]);
    }
    expect((await as(m.be, m.stranger).from('applications').select('*')).data).toEqual([]);
    expect((await as(m.be, m.stranger).from('application_events').select('*')).data).toEqual([]);
    const visitor = await as(m.be).from('applications').select('*');
    expect([visitor.status, visitor.error?.code]).toEqual([401, '42501']);
  });

  it('the poster lists a gig\'s applicants with their public profile; the worker lists their applications with the gig', async () => {
    const applicants = await as(m.be, m.poster).from('applications').select('id, message, proposed_rate, status, worker:worker_id(full_name, title)').eq('gig_id', gig).order('created_at', { ascending: false });
    expect(applicants.data).toEqual([{ id: application, message: 'Roofer for ten years.', proposed_rate: null, status: 'applied', worker: { full_name: 'Wendy Worker', title: null } }]);
    const mine = await as(m.be, m.worker).from('applications').select('id, status, created_at, gigs(title, status)').eq('worker_id', m.worker.id);
    expect(mine.data).toEqual([expect.objectContaining({ id: application, status: 'applied', gigs: { title: 'Fix the roof', status: 'active' } })]);
  });

  it('anyone sees a gig\'s applicant count and its poster\'s display name, never the applications', async () => {
    const { data } = await as(m.be).from('gigs').select('id, applicant_count, profiles!gigs_user_id_fkey(full_name, avatar_url, created_at)').eq('id', gig).single();
    expect(data).toEqual({ id: gig, applicant_count: 1, profiles: { full_name: 'Pat Poster', avatar_url: null, created_at: expect.any(String) } });
    const embed = await as(m.be, m.stranger).from('gigs').select('id, applications(id)').eq('id', gig).single();
    expect(embed.data).toEqual({ id: gig, applications: [] });
  });
});

describe('saved gigs', () => {
  it('a member saves, lists and unsaves gigs; nobody else sees them; a second save is a conflict', async () => {
    const w = as(m.be, m.worker);
    expect((await w.from('saved_gigs').insert({ gig_id: gig })).status).toBe(201);
    const again = await w.from('saved_gigs').insert({ gig_id: gig });
    expect([again.status, again.error?.code]).toEqual([409, '23505']);
    expect((await w.from('saved_gigs').select('gig_id, gigs(title)').order('created_at', { ascending: false })).data).toEqual([{ gig_id: gig, gigs: { title: 'Fix the roof' } }]);
    expect((await as(m.be, m.poster).from('saved_gigs').select('*')).data).toEqual([]);
    const forOther = await as(m.be, m.stranger).from('saved_gigs').insert({ gig_id: gig, user_id: m.worker.id });
    expect([forOther.status, forOther.error?.code]).toEqual([403, '42501']);
    const backdated = await w.from('saved_gigs').insert({ gig_id: gig, created_at: '2000-01-01' });
    expect([backdated.status, backdated.error?.code]).toEqual([403, '42501']);
    const visitor = await as(m.be).from('saved_gigs').insert({ gig_id: gig });
    expect([visitor.status, visitor.error?.code]).toEqual([401, '42501']);
    await as(m.be, m.stranger).from('saved_gigs').delete().eq('gig_id', gig);
    expect((await w.from('saved_gigs').select('gig_id')).data).toEqual([{ gig_id: gig }]);
    expect((await w.from('saved_gigs').delete().eq('gig_id', gig)).status).toBe(204);
    expect((await w.from('saved_gigs').select('gig_id')).data).toEqual([]);
  });
});

describe('notification preferences', () => {
  it('every member has a row, reads and updates only their own, and never inserts or deletes', async () => {
    const w = as(m.be, m.worker);
    expect((await w.from('notification_preferences').select('user_id, email_enabled')).data).toEqual([{ user_id: m.worker.id, email_enabled: true }]);
    const off = await w.from('notification_preferences').update({ email_enabled: false }).eq('user_id', m.worker.id).select('email_enabled');
    expect(off.data).toEqual([{ email_enabled: false }]);
    const others = await as(m.be, m.stranger).from('notification_preferences').update({ email_enabled: true }).eq('user_id', m.worker.id).select();
    expect(others.data).toEqual([]);
    const insert = await w.from('notification_preferences').insert({ user_id: m.stranger.id, email_enabled: false });
    expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
    const del = await w.from('notification_preferences').delete().eq('user_id', m.worker.id);
    expect([del.status, del.error?.code]).toEqual([403, '42501']);
    expect((await w.from('notification_preferences').update({ email_enabled: true }).eq('user_id', m.worker.id).select('email_enabled')).data).toEqual([{ email_enabled: true }]);
  });
});

describe('contact details', () => {
  it('only the member and whoever shares an accepted application with them get the row', async () => {
    await as(m.be, m.worker).from('profiles').update({ contact_email: 'wendy@example.com', contact_phone: '+1 555 0100' }).eq('id', m.worker.id);
    await as(m.be, m.poster).from('profiles').update({ contact_email: 'pat@example.com' }).eq('id', m.poster.id);
    const contact = async (who: typeof m.worker | undefined, of: string) => (await rpc(m.be, who, 'contact_details', { p_user_id: of })).data;
    expect(await contact(m.worker, m.worker.id)).toEqual([{ user_id: m.worker.id, email: 'wendy@example.com', phone: '+1 555 0100' }]);
    expect(await contact(m.poster, m.worker.id)).toEqual([]); // applied, not accepted yet
    expect(await contact(m.stranger, m.worker.id)).toEqual([]);
    expect(await contact(undefined, m.worker.id)).toEqual([]);
    const third = await apply(m.be, m.third, gig);
    await rpc(m.be, m.poster, 'accept_application', { p_application_id: application });
    expect(await contact(m.poster, m.worker.id)).toEqual([{ user_id: m.worker.id, email: 'wendy@example.com', phone: '+1 555 0100' }]);
    expect(await contact(m.worker, m.poster.id)).toEqual([{ user_id: m.poster.id, email: 'pat@example.com', phone: null }]);
    expect(await contact(m.third, m.poster.id)).toEqual([]); // declined
    expect(await contact(m.poster, m.third.id)).toEqual([]);
    expect(await contact(m.stranger, m.poster.id)).toEqual([]);
    expect(third).toBeTruthy();
  });
});

describe('the MFA rule', () => {
  it('a member with a verified factor reads and acts only with an aal2 session', async () => {
    const mfaGig = await postGig(m.be, m.poster, { title: 'Needs aal2' });
    await enrolVerifiedFactor(m.be, m.stranger);
    const aal1 = await tokenWithAal(m.be, m.stranger, 'aal1');
    const aal2 = await tokenWithAal(m.be, m.stranger, 'aal2');
    const refused = await rpc(m.be, aal1, 'apply_to_gig', { p_gig_id: mfaGig, p_message: 'Hi' });
    expect([refused.status, refused.error?.code, refused.error?.message]).toEqual([403, '42501', 'Verify your second factor to apply']);
    const applied = await rpc<{ id: string }>(m.be, aal2, 'apply_to_gig', { p_gig_id: mfaGig, p_message: 'Hi' });
    expect(applied.status).toBe(200);
    expect((await as(m.be, aal1).from('applications').select('id')).data).toEqual([]);
    expect((await as(m.be, aal1).from('notification_preferences').select('user_id')).data).toEqual([]);
    expect(ids((await as(m.be, aal2).from('applications').select('id')).data)).toEqual([applied.data.id]);
    const save = await as(m.be, aal1).from('saved_gigs').insert({ gig_id: mfaGig });
    expect([save.status, save.error?.code]).toEqual([403, '42501']);
    expect((await rpc(m.be, aal1, 'contact_details', { p_user_id: m.stranger.id })).data).toEqual([]);
    expect((await rpc(m.be, aal2, 'contact_details', { p_user_id: m.stranger.id })).data).toEqual([expect.objectContaining({ user_id: m.stranger.id })]);
  });
});

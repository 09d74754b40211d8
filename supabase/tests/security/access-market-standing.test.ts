/**
 * Every marketplace write, over real HTTP, by a guest (an anonymous session, ENABLE_ANONYMOUS_SIGN_INS
 * on) and by a banned member (banned through the GoTrue admin API while holding an access token
 * issued before the ban): each is refused in the database with 42501 and the reason (sign up /
 * suspended), and not one row of the app, marketplace or auth tables changes. Reads stay open to
 * both. Setup before the ban: B posted a gig W applied to, B's own application to P's gig was
 * accepted, B saved a gig and a search; the guest owns a gig, a saved gig and a saved search
 * (seeded in SQL) so that its updates and deletes reach rows of its own. A new write (table or
 * function) belongs in WRITES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { errorCode, send, signUp, type Account } from 'backend/test/security/helpers';
import { marketFingerprint } from './market-support';

let be: TestBackend;
const ids: Record<string, string> = {};
const tokens: Record<'guest' | 'banned', string> = { guest: '', banned: '' };

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', ENABLE_ANONYMOUS_SIGN_INS: 'true' });
  const [P, W, B] = [await signUp(be, 'st-poster@example.com'), await signUp(be, 'st-worker@example.com'), await signUp(be, 'st-banned@example.com')];
  const call = async (a: Account, path: string, body: unknown) => {
    const r = await send(be, { method: 'POST', path, bearer: a.access, headers: { prefer: 'return=representation' }, body });
    if (r.status >= 300) throw new Error(`setup ${path}: ${r.status} ${r.text}`);
    return r.json as Record<string, string> & Record<string, string>[];
  };
  const gig = { description: 'Work', payment_type: 'fixed', rate: 100, hours: 2, location: 'remote' };
  ids.gigB = (await call(B, '/rest/v1/gigs', { ...gig, title: 'B gig' }))[0]!.id!;
  ids.gigP = (await call(P, '/rest/v1/gigs', { ...gig, title: 'P gig' }))[0]!.id!;
  ids.openGig = (await call(P, '/rest/v1/gigs', { ...gig, title: 'P open gig' }))[0]!.id!;
  ids.appToB = (await call(W, '/rest/v1/rpc/apply_to_gig', { p_gig_id: ids.gigB, p_message: 'W applies to B' })).id!;
  ids.appOfB = (await call(B, '/rest/v1/rpc/apply_to_gig', { p_gig_id: ids.gigP, p_message: 'B applies to P' })).id!;
  await call(P, '/rest/v1/rpc/accept_application', { p_application_id: ids.appOfB });
  await call(B, '/rest/v1/saved_gigs', { gig_id: ids.openGig });
  ids.worker = W.id;
  ids.searchB = (await call(B, '/rest/v1/saved_searches', { name: 'B search', filters: { search: 'logo' } }))[0]!.id!;

  const guest = await send(be, { method: 'POST', path: '/auth/v1/signup', body: {} });
  const session = guest.json as { access_token: string; user: { id: string; is_anonymous: boolean } };
  expect(session.user.is_anonymous).toBe(true);
  tokens.guest = session.access_token;
  ids.guest = session.user.id;
  ids.guestGig = (await be.db.transaction((tx) =>
    tx.query<{ id: string }>("insert into public.gigs (user_id, title, description, rate, hours, location) values ($1, 'guest gig', 'D', 5, 1, 'remote') returning id::text", [ids.guest]))).rows[0]!.id;
  await be.db.transaction((tx) => tx.query('insert into public.saved_gigs (user_id, gig_id) values ($1, $2)', [ids.guest, ids.openGig]));
  await be.db.transaction((tx) => tx.query("insert into public.saved_searches (user_id, name, filters) values ($1, 'guest search', '{}')", [ids.guest]));

  tokens.banned = B.access;
  ids.banned = B.id;
  const ban = await send(be, { method: 'PUT', path: `/auth/v1/admin/users/${B.id}`, apikey: be.config.SERVICE_ROLE_KEY, bearer: be.config.SERVICE_ROLE_KEY, body: { ban_duration: '24h' } });
  expect(ban.status).toBe(200);
});
afterAll(async () => {
  await be?.close();
});

interface Write { name: string; method: 'POST' | 'PATCH' | 'DELETE'; path: (who: 'guest' | 'banned') => string; body?: (who: 'guest' | 'banned') => unknown }
const R = '/rest/v1';
const own = (who: 'guest' | 'banned') => ids[who]!;
const ownGig = (who: 'guest' | 'banned') => (who === 'guest' ? ids.guestGig! : ids.gigB!);
/** An application where the caller is the poster (banned) or any application (guest: not a party). */
const asPoster = (who: 'guest' | 'banned') => ({ p_application_id: who === 'banned' ? ids.appToB : ids.appOfB });
const asWorker = () => ({ p_application_id: ids.appOfB });
const rpc = (fn: string, body: (who: 'guest' | 'banned') => unknown): Write => ({ name: `rpc ${fn}`, method: 'POST', path: () => `${R}/rpc/${fn}`, body });

const WRITES: Write[] = [
  { name: 'post a gig', method: 'POST', path: () => `${R}/gigs`, body: () => ({ title: 'T', description: 'D', rate: 10, hours: 1, location: 'remote' }) },
  { name: 'edit its gig', method: 'PATCH', path: (w) => `${R}/gigs?id=eq.${ownGig(w)}`, body: () => ({ title: 'edited' }) },
  { name: 'delete its gig', method: 'DELETE', path: (w) => `${R}/gigs?id=eq.${ownGig(w)}` },
  { name: 'edit its profile', method: 'PATCH', path: (w) => `${R}/profiles?id=eq.${own(w)}`, body: () => ({ bio: 'spam' }) },
  { name: 'insert a pending payment', method: 'POST', path: () => `${R}/payments`, body: (w) => ({ amount: 5, status: 'pending', payment_method: 'paypal', user_id: own(w) }) },
  { name: 'save a gig', method: 'POST', path: () => `${R}/saved_gigs`, body: () => ({ gig_id: ids.gigP }) },
  { name: 'remove a saved gig', method: 'DELETE', path: (w) => `${R}/saved_gigs?user_id=eq.${own(w)}` },
  { name: 'add a portfolio item', method: 'POST', path: () => `${R}/portfolio_items`, body: () => ({ title: 'Spam', link: 'https://example.com' }) },
  { name: 'turn its emails off', method: 'PATCH', path: (w) => `${R}/notification_preferences?user_id=eq.${own(w)}`, body: () => ({ email_enabled: false }) },
  rpc('apply_to_gig', () => ({ p_gig_id: ids.openGig, p_message: 'hello' })),
  rpc('withdraw_application', asWorker),
  rpc('accept_application', asPoster),
  rpc('decline_application', asPoster),
  rpc('close_gig', (w) => ({ p_gig_id: ownGig(w) })),
  rpc('propose_deal_change', () => ({ ...asWorker(), p_rate: 90 })),
  rpc('accept_deal_change', asWorker),
  rpc('decline_deal_change', asWorker),
  { name: 'save its payout address', method: 'POST', path: () => `${R}/payout_details`, body: (w) => ({ user_id: own(w), paypal_email: 'payme@example.com' }) },
  rpc('start_funding', asPoster),
  rpc('fund_with_credit', asPoster),
  rpc('cancel_deal', asWorker),
  rpc('deliver_work', () => ({ ...asWorker(), p_note: 'done' })),
  rpc('request_changes', (w) => ({ ...asPoster(w), p_note: 'more' })),
  rpc('approve_work', asPoster),
  rpc('open_dispute', () => ({ ...asWorker(), p_reason: 'why' })),
  rpc('confirm_payout', asWorker),
  rpc('leave_review', () => ({ ...asWorker(), p_rating: 5 })),
  rpc('send_message', (w) => ({ ...asPoster(w), p_body: 'hi' })),
  rpc('mark_thread_read', asPoster),
  rpc('record_payment', () => ({ p_amount: 40, p_payment_method: 'paypal', p_status: 'pending' })),
  rpc('create_paid_gig', () => ({ p_title: 'Paid', p_description: 'D' })),
  rpc('report_item', () => ({ p_kind: 'gig', p_target_id: ids.gigP, p_reason: 'spam' })),
  { name: 'mark itself available for work', method: 'PATCH', path: (w) => `${R}/profiles?id=eq.${own(w)}`, body: () => ({ available_for_work: true }) },
  { name: 'save a search', method: 'POST', path: () => `${R}/saved_searches`, body: () => ({ name: 'Spam', filters: {} }) },
  { name: 'delete its saved search', method: 'DELETE', path: (w) => `${R}/saved_searches?user_id=eq.${own(w)}` },
  rpc('invite_to_apply', (w) => ({ p_gig_id: ownGig(w), p_worker_id: ids.worker })),
];

const REASON = { guest: /^Sign up with an email address to /, banned: /^Your account is suspended, so you cannot / };

describe.each(['guest', 'banned'] as const)('every marketplace write as the %s', (who) => {
  it.each(WRITES.map((w) => [w.name, w] as const))('%s: refused (403 42501) and nothing changes', async (_name, w) => {
    const before = await marketFingerprint(be);
    const a = await send(be, { method: w.method, path: w.path(who), bearer: tokens[who], body: w.body?.(who) });
    expect({ status: a.status, code: errorCode(a) }, a.text.slice(0, 300)).toEqual({ status: 403, code: '42501' });
    expect((a.json as { message: string }).message).toMatch(REASON[who]);
    expect(await marketFingerprint(be)).toBe(before);
  });
});

describe('reads stay open', () => {
  it('the guest reads the gigs and its own profile; the banned member reads its applications', async () => {
    const gigs = await send(be, { path: `${R}/gigs?select=id&id=eq.${ids.gigP}`, bearer: tokens.guest });
    expect(gigs.json).toEqual([{ id: ids.gigP }]);
    expect((await send(be, { path: `${R}/profiles?select=id&id=eq.${ids.guest}`, bearer: tokens.guest })).json).toEqual([{ id: ids.guest }]);
    const apps = await send(be, { path: `${R}/applications?select=id&order=id`, bearer: tokens.banned });
    expect((apps.json as { id: string }[]).map((x) => x.id).sort()).toEqual([ids.appToB, ids.appOfB].sort());
  });
});

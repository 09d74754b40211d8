/**
 * Access control of the marketplace's second part under attack, over real HTTP: payments,
 * reviews, member ratings, messages and read markers, and their functions (propose_deal_change,
 * accept_deal_change, decline_deal_change, leave_review,
 * send_message, mark_thread_read, unread_message_counts, my_unread_threads) × the visitor, the worker W, the poster P,
 * another member O and forged tokens. Refused (status and code) or filtered to no foreign row, and
 * nothing changes. Setup: P's gig accepted for W with a payment started and a message; a second
 * gig of P's whose money was released, with W's review of P. (The deal's money steps: access-money.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { send, signUp, type Account } from 'backend/test/security/helpers';
import { attempt, useParties, type Scenario } from './market-support';

const p = useParties('pay-');
const { ids } = p;
const rep = { prefer: 'return=representation' };

beforeAll(async () => {
  const { be, acc, call } = p;
  const gig = { description: 'Work', payment_type: 'fixed', rate: 100, hours: 2, location: 'remote' };
  for (const key of ['app', 'paidApp']) {
    const g = (await call(acc.P, '/rest/v1/gigs', { ...gig, title: key }))[0]!.id!;
    ids[key] = (await call(acc.W, '/rest/v1/rpc/apply_to_gig', { p_gig_id: g, p_message: 'W applies' })).id!;
    await call(acc.P, '/rest/v1/rpc/accept_application', { p_application_id: ids[key] });
    await call(acc.P, '/rest/v1/rpc/start_funding', { p_application_id: ids[key] });
  }
  // paidApp: funded (an operator confirms), delivered, approved — its money released, so reviews open.
  const operator = await signUp(be, 'pay-operator@example.com');
  await be.db.transaction((tx) => tx.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"operator"}' where id = $1`, [operator.id]));
  await call(operator, '/rest/v1/rpc/operator_confirm_funds', { p_application_id: ids.paidApp, p_reference: 'PP-1' });
  await call(acc.W, '/rest/v1/rpc/deliver_work', { p_application_id: ids.paidApp, p_note: 'Done' });
  await call(acc.P, '/rest/v1/rpc/approve_work', { p_application_id: ids.paidApp });
  ids.review = (await call(acc.W, '/rest/v1/rpc/leave_review', { p_application_id: ids.paidApp, p_rating: 5, p_body: 'Great' })).id!;
  // No row has this id: a write to application_payments is refused before any row is looked at.
  ids.payment = ids.app!;
  ids.message = (await call(acc.W, '/rest/v1/rpc/send_message', { p_application_id: ids.app, p_body: 'canary message for P only' })).id!;
});

const R = '/rest/v1';
const rpc = (fn: string) => `${R}/rpc/${fn}`;
const app = { p_application_id: '{app}' };
const scenarios: Scenario[] = [
  // ── the visitor ────────────────────────────────────────────────────────────────────────────
  { name: 'visitor: read payments', as: 'visitor', method: 'GET', path: `${R}/application_payments`, status: 401, code: '42501' },
  { name: 'visitor: read messages', as: 'visitor', method: 'GET', path: `${R}/application_messages`, status: 401, code: '42501' },
  { name: 'visitor: read read markers', as: 'visitor', method: 'GET', path: `${R}/application_reads`, status: 401, code: '42501' },
  { name: 'visitor: write a review', as: 'visitor', method: 'POST', path: `${R}/reviews`, body: { application_id: '{paidApp}', reviewer_id: '{P}', reviewee_id: '{W}', rating: 1 }, status: 401, code: '42501' },
  { name: 'visitor: inflate a rating', as: 'visitor', method: 'PATCH', path: `${R}/member_ratings?user_id=eq.{P}`, body: { average_rating: 5 }, status: 401, code: '42501' },
  { name: 'visitor: rpc propose_deal_change', as: 'visitor', method: 'POST', path: rpc('propose_deal_change'), body: { ...app, p_rate: 1 }, status: 401, code: '42501' },
  { name: 'visitor: rpc accept_deal_change', as: 'visitor', method: 'POST', path: rpc('accept_deal_change'), body: app, status: 401, code: '42501' },
  { name: 'visitor: rpc decline_deal_change', as: 'visitor', method: 'POST', path: rpc('decline_deal_change'), body: app, status: 401, code: '42501' },
  { name: 'visitor: rpc leave_review', as: 'visitor', method: 'POST', path: rpc('leave_review'), body: { p_application_id: '{paidApp}', p_rating: 1 }, status: 401, code: '42501' },
  { name: 'visitor: rpc send_message', as: 'visitor', method: 'POST', path: rpc('send_message'), body: { ...app, p_body: 'x' }, status: 401, code: '42501' },
  { name: 'visitor: rpc mark_thread_read', as: 'visitor', method: 'POST', path: rpc('mark_thread_read'), body: app, status: 401, code: '42501' },
  { name: 'visitor: rpc unread_message_counts', as: 'visitor', method: 'POST', path: rpc('unread_message_counts'), body: { p_application_ids: ['{app}'] }, status: 401, code: '42501' },
  { name: 'visitor: rpc my_unread_threads', as: 'visitor', method: 'POST', path: rpc('my_unread_threads'), body: { p_limit: 10 }, status: 401, code: '42501' },
  { name: 'visitor: rpc my_unread_threads by GET', as: 'visitor', method: 'GET', path: `${rpc('my_unread_threads')}?p_limit=10`, status: 401, code: '42501' },

  // ── another member (O) ─────────────────────────────────────────────────────────────────────
  { name: 'O: read payments', as: 'O', method: 'GET', path: `${R}/application_payments`, status: 200, code: null, rows: 'none' },
  { name: 'O: read messages', as: 'O', method: 'GET', path: `${R}/application_messages?application_id=eq.{app}`, status: 200, code: null, rows: 'none' },
  { name: "O: read W's read markers", as: 'O', method: 'GET', path: `${R}/application_reads?user_id=eq.{W}`, status: 200, code: null, rows: 'none' },
  { name: "O: rpc unread_message_counts of W and P's thread", as: 'O', method: 'POST', path: rpc('unread_message_counts'), body: { p_application_ids: ['{app}'] }, status: 200, code: null, rows: 'none' },
  { name: "O: rpc my_unread_threads (W's message to P is not O's)", as: 'O', method: 'POST', path: rpc('my_unread_threads'), body: { p_limit: 1000 }, status: 200, code: null, rows: 'none' },
  { name: 'O: rpc my_unread_threads with a limit beyond 1000', as: 'O', method: 'POST', path: rpc('my_unread_threads'), body: { p_limit: 1001 }, status: 400, code: '22023' },
  { name: "O: rpc send_message into W and P's thread", as: 'O', method: 'POST', path: rpc('send_message'), body: { ...app, p_body: 'spam' }, status: 400, code: 'N4004' },
  { name: "O: rpc send_message reusing W's message id in W and P's thread", as: 'O', method: 'POST', path: rpc('send_message'), body: { ...app, p_body: 'spam', p_id: '{message}' }, status: 400, code: 'N4004' },
  { name: "O: rpc mark_thread_read on W and P's thread", as: 'O', method: 'POST', path: rpc('mark_thread_read'), body: app, status: 400, code: 'N4004' },
  { name: "O: rpc propose a change to W and P's deal", as: 'O', method: 'POST', path: rpc('propose_deal_change'), body: { ...app, p_rate: 1 }, status: 404, code: 'PT404' },
  { name: "O: rpc accept a change of W and P's deal", as: 'O', method: 'POST', path: rpc('accept_deal_change'), body: app, status: 404, code: 'PT404' },
  { name: "O: rpc decline a change of W and P's deal", as: 'O', method: 'POST', path: rpc('decline_deal_change'), body: app, status: 404, code: 'PT404' },
  { name: "O: rpc review work it was not part of", as: 'O', method: 'POST', path: rpc('leave_review'), body: { p_application_id: '{paidApp}', p_rating: 1 }, status: 400, code: 'N4004' },
  { name: 'O: insert a message as W', as: 'O', method: 'POST', path: `${R}/application_messages`, body: { application_id: '{app}', sender_id: '{W}', body: 'forged' }, status: 403, code: '42501' },
  { name: "O: complete P's payment by update", as: 'O', method: 'PATCH', path: `${R}/application_payments?id=eq.{payment}`, body: { status: 'completed' }, status: 403, code: '42501' },
  { name: 'O: write a review directly', as: 'O', method: 'POST', path: `${R}/reviews`, body: { application_id: '{paidApp}', reviewer_id: '{O}', reviewee_id: '{P}', rating: 1 }, status: 403, code: '42501' },
  { name: "O: delete W's review of P", as: 'O', method: 'DELETE', path: `${R}/reviews?id=eq.{review}`, status: 403, code: '42501' },
  { name: "O: inflate its rating", as: 'O', method: 'POST', path: `${R}/member_ratings`, body: { user_id: '{O}', review_count: 99, average_rating: 5 }, status: 403, code: '42501' },

  // ── the poster (P) beyond its part ─────────────────────────────────────────────────────────
  { name: 'P: complete its own payment by update', as: 'P', method: 'PATCH', path: `${R}/application_payments?id=eq.{payment}`, body: { status: 'completed' }, status: 403, code: '42501' },
  { name: 'P: mark the application paid by update', as: 'P', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { status: 'paid' }, status: 403, code: '42501' },
  { name: 'P: rpc review before the money is released', as: 'P', method: 'POST', path: rpc('leave_review'), body: { p_application_id: '{app}', p_rating: 5 }, status: 400, code: 'N4009' },
  { name: 'P: rpc propose hours on a fixed deal', as: 'P', method: 'POST', path: rpc('propose_deal_change'), body: { ...app, p_hours: 1 }, status: 400, code: '22023' },
  { name: 'P: rpc lower the price once a payment is recorded', as: 'P', method: 'POST', path: rpc('propose_deal_change'), body: { ...app, p_rate: 1 }, status: 409, code: 'PT409' },
  { name: 'P: lower the agreed amount by update', as: 'P', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { agreed_amount: 1 }, status: 403, code: '42501' },
  { name: 'P: lower the frozen amount in cents by update', as: 'P', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { deal_amount_cents: 1, deal_fee_cents: 0, deal_worker_cents: 1 }, status: 403, code: '42501' },
  { name: 'P: lower the gig rate, then nothing of the deal moves', as: 'P', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { deal_rate_cents: 1 }, status: 403, code: '42501' },
  { name: "P: rpc send_message with the id of W's message (refused, W's stays)", as: 'P', method: 'POST', path: rpc('send_message'), body: { ...app, p_body: 'overwrite', p_id: '{message}' }, status: 409, code: '23505' },
  { name: "P: read W's read markers", as: 'P', method: 'GET', path: `${R}/application_reads?user_id=eq.{W}`, status: 200, code: null, rows: 'none' },

  // ── the worker (W) beyond its part ─────────────────────────────────────────────────────────
  { name: 'W: rpc accept a change nobody proposed', as: 'W', method: 'POST', path: rpc('accept_deal_change'), body: app, status: 409, code: 'PT409' },
  { name: 'W: rpc decline a change nobody proposed', as: 'W', method: 'POST', path: rpc('decline_deal_change'), body: app, status: 409, code: 'PT409' },
  { name: 'W: rpc review the same work twice', as: 'W', method: 'POST', path: rpc('leave_review'), body: { p_application_id: '{paidApp}', p_rating: 5 }, status: 409, code: '23505' },
  { name: 'W: raise its own amount by update', as: 'W', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { worker_amount: 1000 }, status: 403, code: '42501' },
  { name: 'W: edit its review', as: 'W', method: 'PATCH', path: `${R}/reviews?id=eq.{review}`, body: { rating: 1 }, status: 403, code: '42501' },

  // ── forged tokens ─────────────────────────────────────────────────────────────────────────
  { name: "sub edited to W, signature kept: confirm W's payout", as: 'bearer:subOfOtherSignatureKept', method: 'POST', path: rpc('confirm_payout'), body: app, status: 401, code: 'PGRST301' },
  { name: "sub edited to W, signature kept: read W's messages", as: 'bearer:subOfOtherSignatureKept', method: 'GET', path: `${R}/application_messages`, status: 401, code: 'PGRST301' },
  { name: "sub edited to W, signature kept: rpc my_unread_threads", as: 'bearer:subOfOtherSignatureKept', method: 'POST', path: rpc('my_unread_threads'), body: { p_limit: 10 }, status: 401, code: 'PGRST301' },
  { name: 'alg none service_role: read payments', as: 'bearer:algNoneServiceRole', method: 'GET', path: `${R}/application_payments`, status: 401, code: 'PGRST301' },
  { name: 'expired: rpc send_message', as: 'bearer:expired', method: 'POST', path: rpc('send_message'), body: { ...app, p_body: 'x' }, status: 401, code: 'PGRST303' },
  { name: 'service_role re-signed with a wrong key: rpc leave_review', as: 'bearer:serviceRoleWrongKey', method: 'POST', path: rpc('leave_review'), body: { p_application_id: '{paidApp}', p_rating: 1 }, status: 401, code: 'PGRST301' },
  { name: 'anon key edited to service_role as apikey: read messages', as: 'apikey:anonKeyEditedToServiceRole', method: 'GET', path: `${R}/application_messages`, status: 401, code: 'PGRST301' },
  { name: 'the anon key as a user token: rpc propose_deal_change', as: 'anonAsUser', method: 'POST', path: rpc('propose_deal_change'), body: { ...app, p_rate: 1 }, status: 401, code: '42501' },
];

describe('marketplace part 2 access control under attack', () => {
  it('covers every new table and function, each scenario named once', () => {
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    const text = scenarios.map((s) => s.path).join(' ');
    for (const thing of ['application_payments', 'reviews', 'member_ratings', 'application_messages', 'application_reads', 'propose_deal_change', 'accept_deal_change', 'decline_deal_change', 'leave_review', 'send_message', 'mark_thread_read', 'unread_message_counts', 'my_unread_threads']) {
      expect(text).toContain(thing);
    }
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const answer = await attempt(p, s);
    if (s.as !== 'P' && s.as !== 'W') expect(answer.text).not.toContain('canary message for P only');
  });
});

describe('the same steps by the right party succeed', () => {
  it('P reads the message; anyone reads the review and the rating', async () => {
    const { be, acc } = p;
    const as = (a: Account, method: string, path: string, body?: unknown) => send(be, { method, path, bearer: a.access, headers: rep, body });
    expect((await as(acc.P, 'GET', `${R}/application_messages?application_id=eq.${ids.app}&select=body`)).json).toEqual([{ body: 'canary message for P only' }]);
    expect((await send(be, { path: `${R}/reviews?id=eq.${ids.review}&select=rating,body` })).json).toEqual([{ rating: 5, body: 'Great' }]);
    expect((await send(be, { path: `${R}/member_ratings?user_id=eq.${acc.P.id}&select=review_count,average_rating` })).json).toEqual([{ review_count: 1, average_rating: 5 }]);
  });

  it("a visitor reads which gig a review is about and how many gigs a member completed (released deals, as the worker)", async () => {
    const { be, acc } = p;
    const reviews = await send(be, { path: `${R}/profiles?id=eq.${acc.P.id}&select=reviews!reviews_reviewee_id_fkey(rating,gig:gigs!reviews_gig_id_fkey(title))` });
    expect(reviews.json).toEqual([{ reviews: [{ rating: 5, gig: { title: 'paidApp' } }] }]);
    const completed = (id: string) => send(be, { method: 'POST', path: `${R}/rpc/completed_gigs_of`, body: { p_user_id: id } });
    expect([(await completed(acc.W.id)).json, (await completed(acc.P.id)).json]).toEqual([1, 0]);
  });
});

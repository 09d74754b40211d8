/**
 * Access control of the notification centre under attack, over real HTTP: public.notifications and
 * mark_notifications_read × the visitor, the poster P (the recipient), the worker W and another
 * member O, and forged tokens. Only the recipient reads a row; nobody writes the table through the
 * API (the database writes it where events happen); marking read touches the caller's own rows.
 * Setup: W applied to P's gig and wrote to P, so P holds two notifications.
 * Also the security page's list of sessions, my_sessions(): members only, and each member reads
 * their own sessions alone (it reads auth.sessions as its owner).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, send } from 'backend/test/security/helpers';
import { attempt, useParties, type Scenario } from './market-support';

const p = useParties('bell-');
const { ids } = p;

beforeAll(async () => {
  const { acc, call } = p;
  const gig = (await call(acc.P, '/rest/v1/gigs', { title: 'Bell canary gig', description: 'Work', payment_type: 'fixed', rate: 100, hours: 2, location: 'remote' }))[0]!.id!;
  ids.app = (await call(acc.W, '/rest/v1/rpc/apply_to_gig', { p_gig_id: gig, p_message: 'W applies' })).id!;
  await call(acc.W, '/rest/v1/rpc/send_message', { p_application_id: ids.app, p_body: 'hello' });
});

const R = '/rest/v1';
const MARK = `${R}/rpc/mark_notifications_read`;
const SESSIONS = `${R}/rpc/my_sessions`;
const scenarios: Scenario[] = [
  { name: 'visitor: read notifications', as: 'visitor', method: 'GET', path: `${R}/notifications`, status: 401, code: '42501' },
  { name: 'visitor: mark notifications read', as: 'visitor', method: 'POST', path: MARK, body: {}, status: 401, code: '42501' },
  { name: "O: read P's notifications", as: 'O', method: 'GET', path: `${R}/notifications?recipient_id=eq.{P}`, status: 200, code: null, rows: 'none' },
  { name: "W: read P's notifications", as: 'W', method: 'GET', path: `${R}/notifications`, status: 200, code: null, rows: 'none' },
  { name: 'O: forge a notification for P', as: 'O', method: 'POST', path: `${R}/notifications`, body: { recipient_id: '{P}', kind: 'accept', gig_title: 'You won' }, status: 403, code: '42501' },
  { name: "O: mark P's notifications read by PATCH", as: 'O', method: 'PATCH', path: `${R}/notifications?recipient_id=eq.{P}`, body: { read_at: '2020-01-01T00:00:00Z' }, status: 403, code: '42501' },
  { name: 'P: rewrite an own notification by PATCH', as: 'P', method: 'PATCH', path: `${R}/notifications?recipient_id=eq.{P}`, body: { kind: 'review', read_at: null }, status: 403, code: '42501' },
  { name: "O: delete P's notifications", as: 'O', method: 'DELETE', path: `${R}/notifications?recipient_id=eq.{P}`, status: 403, code: '42501' },
  { name: 'P: delete own notifications', as: 'P', method: 'DELETE', path: `${R}/notifications`, status: 403, code: '42501' },
  { name: "O: mark read (only O's own rows; P's stay unread)", as: 'O', method: 'POST', path: MARK, body: { p_up_to: 9999999 }, status: 200, code: null },
  { name: 'O: mark read with a text id', as: 'O', method: 'POST', path: MARK, body: { p_up_to: 'all' }, status: 400, code: '22P02' },
  { name: "sub edited to P, signature kept: read P's notifications", as: 'bearer:subOfOtherSignatureKept', method: 'GET', path: `${R}/notifications`, status: 401, code: 'PGRST301' },
  { name: 'alg none service_role: read notifications', as: 'bearer:algNoneServiceRole', method: 'GET', path: `${R}/notifications`, status: 401, code: 'PGRST301' },
  { name: 'expired: mark notifications read', as: 'bearer:expired', method: 'POST', path: MARK, body: {}, status: 401, code: 'PGRST303' },
  { name: 'the anon key as a user token: mark notifications read', as: 'anonAsUser', method: 'POST', path: MARK, body: {}, status: 401, code: '42501' },
  { name: 'visitor: list sessions', as: 'visitor', method: 'POST', path: SESSIONS, body: {}, status: 401, code: '42501' },
  { name: 'the anon key as a user token: list sessions', as: 'anonAsUser', method: 'GET', path: SESSIONS, status: 401, code: '42501' },
  { name: "sub edited to P, signature kept: list P's sessions", as: 'bearer:subOfOtherSignatureKept', method: 'GET', path: SESSIONS, status: 401, code: 'PGRST301' },
  { name: 'O: list sessions with an argument naming P', as: 'O', method: 'POST', path: SESSIONS, body: { p_user: '{P}' }, status: 404, code: 'PGRST202' },
  { name: 'anon key edited to service_role as apikey: read notifications', as: 'apikey:anonKeyEditedToServiceRole', method: 'GET', path: `${R}/notifications`, status: 401, code: 'PGRST301' },
];

describe('notification centre access control under attack', () => {
  it('covers the table and its function, each scenario named once', () => {
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    const text = scenarios.map((s) => s.path).join(' ');
    for (const thing of ['notifications', 'mark_notifications_read', 'my_sessions']) expect(text).toContain(thing);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const answer = await attempt(p, s);
    expect(answer.text).not.toContain('Bell canary gig');
  });
});

describe('the recipient', () => {
  it('reads their own notifications and marks them read', async () => {
    const { be, acc } = p;
    const mine = async () => (await send(be, { path: `${R}/notifications?select=kind,gig_title,read_at&order=id`, bearer: acc.P.access })).json as { kind: string; read_at: string | null }[];
    expect((await mine()).map((r) => [r.kind, r.read_at])).toEqual([['apply', null], ['message', null]]);
    expect((await send(be, { method: 'POST', path: MARK, bearer: acc.P.access, body: {} })).json).toBe(2);
    expect((await mine()).every((r) => r.read_at !== null)).toBe(true);
  });
});

describe('my_sessions: a member sees their own sessions only', () => {
  it('lists both of P\'s sessions, marks the calling one, and nothing of O\'s', async () => {
    const { be, acc } = p;
    const again = await send(be, { method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email: acc.P.email, password: acc.P.password }, headers: { 'user-agent': 'Second browser' } });
    expect(again.status).toBe(200);
    const second = (again.json as { access_token: string }).access_token;
    type Row = { id: string; is_current: boolean; user_agent: string | null; aal: string; created_at: string; last_active_at: string };
    const list = async (bearer: string) => (await send(be, { path: SESSIONS, bearer })).json as Row[];
    const mine = await list(second);
    expect(mine).toHaveLength(2);
    expect(mine.filter((r) => r.is_current).map((r) => r.id)).toEqual([claimsOf(second).session_id]);
    expect(mine.find((r) => r.is_current)).toMatchObject({ user_agent: 'Second browser', aal: 'aal1' });
    expect(mine.map((r) => r.id)).toContain(claimsOf(acc.P.access).session_id);
    const others = await list(acc.O.access);
    expect(others.map((r) => r.id)).toEqual([claimsOf(acc.O.access).session_id]);
    // Ending the others (signOut scope "others") leaves the calling session alone in the list.
    expect((await send(be, { method: 'POST', path: '/auth/v1/logout?scope=others', bearer: second })).status).toBe(204);
    expect((await list(second)).map((r) => r.id)).toEqual([claimsOf(second).session_id]);
  });
});

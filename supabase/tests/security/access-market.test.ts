/**
 * Access control of the marketplace under attack, over real HTTP, in the shape of access.test.ts:
 * every new table (applications, application_events, saved_gigs, notification_preferences) and
 * function (apply_to_gig, withdraw_application, accept_application, decline_application,
 * close_gig, contact_details) × the visitor, the worker (W), the poster (P), another member (O),
 * and tokens made without the project's secret; the private machinery is not reachable at all, and
 * a profile's contact columns are readable only through contact_details(), never through the table.
 * Every scenario is refused (status and code) or filtered to no foreign row, and leaves every row
 * of the app, marketplace and auth tables as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { send, type Account } from 'backend/test/security/helpers';
import { attempt, useParties, type Scenario } from './market-support';

const p = useParties('');
const { ids } = p;
const rep = { prefer: 'return=representation' };
const merge = { prefer: 'return=representation, resolution=merge-duplicates' };

beforeAll(async () => {
  const { be, acc, call } = p;
  const gig = { description: 'Work', payment_type: 'hourly', rate: 30, hours: 2, location: 'remote' };
  ids.gig = (await call(acc.P, '/rest/v1/gigs', { ...gig, title: 'P gig' }))[0]!.id!;
  ids.openGig = (await call(acc.P, '/rest/v1/gigs', { ...gig, title: 'P open gig' }))[0]!.id!;
  ids.app = (await call(acc.W, '/rest/v1/rpc/apply_to_gig', { p_gig_id: ids.gig, p_message: 'W applies' })).id!;
  await call(acc.W, '/rest/v1/saved_gigs', { gig_id: ids.gig });
  await send(be, { method: 'PATCH', path: `/rest/v1/profiles?id=eq.${acc.W.id}`, bearer: acc.W.access, body: { contact_email: 'w@contact.example' } });
});

const R = '/rest/v1';
const rpc = (fn: string) => `${R}/rpc/${fn}`;
const app = { p_application_id: '{app}' };
const scenarios: Scenario[] = [
  // ── the visitor ────────────────────────────────────────────────────────────────────────────
  { name: 'visitor: read applications', as: 'visitor', method: 'GET', path: `${R}/applications`, status: 401, code: '42501' },
  { name: 'visitor: read application events', as: 'visitor', method: 'GET', path: `${R}/application_events`, status: 401, code: '42501' },
  { name: 'visitor: read saved gigs', as: 'visitor', method: 'GET', path: `${R}/saved_gigs`, status: 401, code: '42501' },
  { name: 'visitor: read notification preferences', as: 'visitor', method: 'GET', path: `${R}/notification_preferences`, status: 401, code: '42501' },
  { name: 'visitor: applications through an embed from gigs', as: 'visitor', method: 'GET', path: `${R}/gigs?select=id,applications(message)`, status: 401, code: '42501' },
  { name: 'visitor: insert an application', as: 'visitor', method: 'POST', path: `${R}/applications`, body: { gig_id: '{gig}', worker_id: '{W}', poster_id: '{P}', message: 'x' }, status: 401, code: '42501' },
  { name: 'visitor: accept by update', as: 'visitor', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { status: 'accepted' }, status: 401, code: '42501' },
  { name: 'visitor: delete applications', as: 'visitor', method: 'DELETE', path: `${R}/applications?id=eq.{app}`, status: 401, code: '42501' },
  { name: 'visitor: save a gig', as: 'visitor', method: 'POST', path: `${R}/saved_gigs`, body: { gig_id: '{gig}' }, status: 401, code: '42501' },
  { name: "visitor: turn W's emails off", as: 'visitor', method: 'PATCH', path: `${R}/notification_preferences?user_id=eq.{W}`, body: { email_enabled: false }, status: 401, code: '42501' },
  { name: 'visitor: rpc apply_to_gig', as: 'visitor', method: 'POST', path: rpc('apply_to_gig'), body: { p_gig_id: '{openGig}', p_message: 'x' }, status: 401, code: '42501' },
  { name: 'visitor: rpc withdraw_application', as: 'visitor', method: 'POST', path: rpc('withdraw_application'), body: app, status: 401, code: '42501' },
  { name: 'visitor: rpc accept_application', as: 'visitor', method: 'POST', path: rpc('accept_application'), body: app, status: 401, code: '42501' },
  { name: 'visitor: rpc decline_application', as: 'visitor', method: 'POST', path: rpc('decline_application'), body: app, status: 401, code: '42501' },
  { name: 'visitor: rpc undo_decision', as: 'visitor', method: 'POST', path: rpc('undo_decision'), body: app, status: 401, code: '42501' },
  { name: 'visitor: rpc close_gig', as: 'visitor', method: 'POST', path: rpc('close_gig'), body: { p_gig_id: '{gig}' }, status: 401, code: '42501' },
  { name: "visitor: rpc contact_details of W", as: 'visitor', method: 'POST', path: rpc('contact_details'), body: { p_user_id: '{W}' }, status: 200, code: null, rows: 'none' },
  { name: 'W: rpc apply_to_gig through GET (read-only)', as: 'W', method: 'GET', path: `${rpc('apply_to_gig')}?p_gig_id={openGig}&p_message=x`, status: 405, code: '25006' },

  // ── another member (O) ─────────────────────────────────────────────────────────────────────
  { name: 'O: read applications', as: 'O', method: 'GET', path: `${R}/applications`, status: 200, code: null, rows: 'none' },
  { name: "O: read W's application by id", as: 'O', method: 'GET', path: `${R}/applications?id=eq.{app}`, status: 200, code: null, rows: 'none' },
  { name: 'O: read application events', as: 'O', method: 'GET', path: `${R}/application_events`, status: 200, code: null, rows: 'none' },
  { name: "O: applications embedded in P's gig", as: 'O', method: 'GET', path: `${R}/applications?select=*,gigs(title)&gig_id=eq.{gig}`, status: 200, code: null, rows: 'none' },
  { name: "O: read W's saved gigs", as: 'O', method: 'GET', path: `${R}/saved_gigs?user_id=eq.{W}`, status: 200, code: null, rows: 'none' },
  { name: 'O: read notification preferences', as: 'O', method: 'GET', path: `${R}/notification_preferences`, status: 200, code: null, rows: 'ownPrefs' },
  { name: "O: turn W's emails off", as: 'O', method: 'PATCH', path: `${R}/notification_preferences?user_id=eq.{W}`, headers: rep, body: { email_enabled: false }, status: 200, code: null, rows: 'none' },
  { name: "O: move its preference row to W", as: 'O', method: 'PATCH', path: `${R}/notification_preferences?user_id=eq.{O}`, body: { user_id: '{W}' }, status: 403, code: '42501' },
  { name: 'O: insert a preference row', as: 'O', method: 'POST', path: `${R}/notification_preferences`, body: { user_id: '{W}', email_enabled: false }, status: 403, code: '42501' },
  { name: "O: delete W's preference row", as: 'O', method: 'DELETE', path: `${R}/notification_preferences?user_id=eq.{W}`, status: 403, code: '42501' },
  { name: 'O: insert an application for W', as: 'O', method: 'POST', path: `${R}/applications`, body: { gig_id: '{openGig}', worker_id: '{W}', poster_id: '{P}', message: 'forged' }, status: 403, code: '42501' },
  { name: "O: accept W's application by update", as: 'O', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { status: 'accepted' }, status: 403, code: '42501' },
  { name: "O: delete W's application", as: 'O', method: 'DELETE', path: `${R}/applications?id=eq.{app}`, status: 403, code: '42501' },
  { name: 'O: forge an application event', as: 'O', method: 'POST', path: `${R}/application_events`, body: { application_id: '{app}', transition: 'accept', from_status: 'applied', to_status: 'accepted', actor_role: 'poster' }, status: 403, code: '42501' },
  { name: 'O: save a gig for W', as: 'O', method: 'POST', path: `${R}/saved_gigs`, body: { gig_id: '{openGig}', user_id: '{W}' }, status: 403, code: '42501' },
  { name: "O: upsert over W's saved gig", as: 'O', method: 'POST', path: `${R}/saved_gigs?on_conflict=user_id,gig_id`, headers: merge, body: { gig_id: '{gig}', user_id: '{W}' }, status: 403, code: '42501' },
  { name: "O: delete W's saved gigs", as: 'O', method: 'DELETE', path: `${R}/saved_gigs?user_id=eq.{W}`, headers: rep, status: 200, code: null, rows: 'none' },
  { name: "O: rpc accept W's application", as: 'O', method: 'POST', path: rpc('accept_application'), body: app, status: 400, code: 'N4004' },
  { name: "O: rpc decline W's application", as: 'O', method: 'POST', path: rpc('decline_application'), body: app, status: 400, code: 'N4004' },
  { name: "O: rpc undo a decision on W's application", as: 'O', method: 'POST', path: rpc('undo_decision'), body: app, status: 400, code: 'N4004' },
  { name: "O: rpc withdraw W's application", as: 'O', method: 'POST', path: rpc('withdraw_application'), body: app, status: 400, code: 'N4004' },
  { name: "O: rpc close P's gig", as: 'O', method: 'POST', path: rpc('close_gig'), body: { p_gig_id: '{gig}' }, status: 403, code: '42501' },
  { name: "O: rpc contact_details of W", as: 'O', method: 'POST', path: rpc('contact_details'), body: { p_user_id: '{W}' }, status: 200, code: null, rows: 'none' },
  { name: 'O: rpc apply_to_gig with a worker argument', as: 'O', method: 'POST', path: rpc('apply_to_gig'), body: { p_gig_id: '{openGig}', p_message: 'x', p_worker_id: '{W}' }, status: 404, code: 'PGRST202' },

  // ── the worker (W) beyond its part ─────────────────────────────────────────────────────────
  { name: 'W: rpc accept its own application', as: 'W', method: 'POST', path: rpc('accept_application'), body: app, status: 403, code: '42501' },
  { name: 'W: rpc decline its own application', as: 'W', method: 'POST', path: rpc('decline_application'), body: app, status: 403, code: '42501' },
  { name: "W: rpc undo the poster's decision", as: 'W', method: 'POST', path: rpc('undo_decision'), body: app, status: 403, code: '42501' },
  { name: "W: rpc close P's gig", as: 'W', method: 'POST', path: rpc('close_gig'), body: { p_gig_id: '{gig}' }, status: 403, code: '42501' },
  { name: 'W: accept its application by update', as: 'W', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { status: 'accepted' }, status: 403, code: '42501' },
  { name: 'W: rpc apply a second time', as: 'W', method: 'POST', path: rpc('apply_to_gig'), body: { p_gig_id: '{gig}', p_message: 'again' }, status: 409, code: '23505' },
  { name: "W: raise P's gig's applicant count", as: 'W', method: 'PATCH', path: `${R}/gigs?id=eq.{gig}`, body: { applicant_count: 99 }, status: 403, code: '42501' },
  { name: "W: rpc contact_details of P before an accept", as: 'W', method: 'POST', path: rpc('contact_details'), body: { p_user_id: '{P}' }, status: 200, code: null, rows: 'none' },

  // ── the poster (P) beyond its part ─────────────────────────────────────────────────────────
  { name: "P: rpc withdraw W's application", as: 'P', method: 'POST', path: rpc('withdraw_application'), body: app, status: 403, code: '42501' },
  { name: 'P: rpc apply to its own gig', as: 'P', method: 'POST', path: rpc('apply_to_gig'), body: { p_gig_id: '{openGig}', p_message: 'me' }, status: 400, code: 'N4003' },
  { name: 'P: mark its gig filled by update', as: 'P', method: 'PATCH', path: `${R}/gigs?id=eq.{gig}`, body: { status: 'filled' }, status: 403, code: '42501' },
  { name: "P: set its gig's applicant count", as: 'P', method: 'PATCH', path: `${R}/gigs?id=eq.{gig}`, body: { applicant_count: 0 }, status: 403, code: '42501' },
  { name: 'P: post a gig already filled', as: 'P', method: 'POST', path: `${R}/gigs`, body: { title: 'T', description: 'D', rate: 1, hours: 1, location: 'remote', status: 'filled' }, status: 403, code: '42501' },
  { name: 'P: delete the applications to its gig', as: 'P', method: 'DELETE', path: `${R}/applications?gig_id=eq.{gig}`, status: 403, code: '42501' },
  { name: 'P: rewrite an application message', as: 'P', method: 'PATCH', path: `${R}/applications?id=eq.{app}`, body: { message: 'edited' }, status: 403, code: '42501' },
  { name: "P: read W's saved gigs (its own gig among them)", as: 'P', method: 'GET', path: `${R}/saved_gigs?gig_id=eq.{gig}`, status: 200, code: null, rows: 'none' },
  { name: "P: rpc contact_details of W before an accept", as: 'P', method: 'POST', path: rpc('contact_details'), body: { p_user_id: '{W}' }, status: 200, code: null, rows: 'none' },

  // ── contact columns: nobody selects them through the table, not even their owner ───────────
  { name: 'visitor: select contact_email of profiles', as: 'visitor', method: 'GET', path: `${R}/profiles?select=id,contact_email`, status: 401, code: '42501' },
  { name: 'visitor: select * of profiles', as: 'visitor', method: 'GET', path: `${R}/profiles?select=*`, status: 401, code: '42501' },
  { name: 'visitor: contact_phone through an embed from gigs', as: 'visitor', method: 'GET', path: `${R}/gigs?select=id,profiles!gigs_user_id_fkey(contact_phone)`, status: 401, code: '42501' },
  { name: 'visitor: filter profiles by contact_email (an oracle)', as: 'visitor', method: 'GET', path: `${R}/profiles?select=id&contact_email=eq.w@contact.example`, status: 401, code: '42501' },
  { name: "O: select W's contact_phone", as: 'O', method: 'GET', path: `${R}/profiles?select=contact_phone&id=eq.{W}`, status: 403, code: '42501' },
  { name: 'O: order profiles by contact_email (an oracle)', as: 'O', method: 'GET', path: `${R}/profiles?select=id&order=contact_email`, status: 403, code: '42501' },
  { name: 'W: select its own contact_email through the table', as: 'W', method: 'GET', path: `${R}/profiles?select=contact_email&id=eq.{W}`, status: 403, code: '42501' },
  { name: 'W: read contact_email back from its own update', as: 'W', method: 'PATCH', path: `${R}/profiles?id=eq.{W}&select=id,contact_email`, headers: rep, body: { bio: 'x' }, status: 403, code: '42501' },
  { name: "P: select W's contact_email (W applied, not accepted)", as: 'P', method: 'GET', path: `${R}/profiles?select=contact_email&id=eq.{W}`, status: 403, code: '42501' },

  // ── the private machinery is not part of the API ──────────────────────────────────────────
  ...['fire_application_transition', 'record_application_step', 'enqueue_notification', 'session_aal_ok', 'require_member', 'create_notification_preferences',
    'member_refusal', 'member_may_write', 'raise_member_refusal', 'members_only_statement', 'ban_member', 'unban_member', 'claim_notifications',
    'notification_outbox_limits', 'applications_reapply_cooldown', 'is_thread_party'].map(
    (fn): Scenario => ({ name: `rpc: private.${fn}`, as: 'P', method: 'POST', path: rpc(fn), body: {}, status: 404, code: 'PGRST202' }),
  ),
  { name: 'private schema: the notification outbox as a table', as: 'P', method: 'GET', path: `${R}/notification_outbox`, status: 404, code: 'PGRST205' },
  { name: 'private schema: the digest windows as a table', as: 'P', method: 'GET', path: `${R}/notification_recipients`, status: 404, code: 'PGRST205' },
  { name: 'private schema: the application process as a table', as: 'O', method: 'GET', path: `${R}/application_process`, status: 404, code: 'PGRST205' },
  { name: 'private schema: Accept-Profile private', as: 'O', method: 'GET', path: `${R}/notification_outbox`, headers: { 'accept-profile': 'private' }, status: 406, code: 'PGRST106' },

  // ── forged tokens ─────────────────────────────────────────────────────────────────────────
  { name: "sub edited to W, signature kept: read W's applications", as: 'bearer:subOfOtherSignatureKept', method: 'GET', path: `${R}/applications`, status: 401, code: 'PGRST301' },
  { name: "sub edited to W, signature kept: withdraw W's application", as: 'bearer:subOfOtherSignatureKept', method: 'POST', path: rpc('withdraw_application'), body: app, status: 401, code: 'PGRST301' },
  { name: 'alg none service_role: read applications', as: 'bearer:algNoneServiceRole', method: 'GET', path: `${R}/applications`, status: 401, code: 'PGRST301' },
  { name: 'service_role re-signed with a wrong key: rpc accept_application', as: 'bearer:serviceRoleWrongKey', method: 'POST', path: rpc('accept_application'), body: app, status: 401, code: 'PGRST301' },
  { name: 'HS512 with the project key: read saved gigs', as: 'bearer:hs512ProjectKey', method: 'GET', path: `${R}/saved_gigs`, status: 401, code: 'PGRST301' },
  { name: 'expired: rpc apply_to_gig', as: 'bearer:expired', method: 'POST', path: rpc('apply_to_gig'), body: { p_gig_id: '{openGig}', p_message: 'x' }, status: 401, code: 'PGRST303' },
  { name: 'anon key edited to service_role as apikey: read notification preferences', as: 'apikey:anonKeyEditedToServiceRole', method: 'GET', path: `${R}/notification_preferences`, status: 401, code: 'PGRST301' },
  { name: 'the anon key as a user token: rpc apply_to_gig', as: 'anonAsUser', method: 'POST', path: rpc('apply_to_gig'), body: { p_gig_id: '{openGig}', p_message: 'x' }, status: 401, code: '42501' },
  { name: 'the service_role key as a user token: rpc accept_application (no user)', as: 'serviceAsUser', method: 'POST', path: rpc('accept_application'), body: app, status: 403, code: '42501' },
];

describe('marketplace access control under attack', () => {
  it('has a scenario for every new table and function, each named once', () => {
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    const text = scenarios.map((s) => s.path).join(' ');
    for (const thing of ['applications', 'application_events', 'saved_gigs', 'notification_preferences', 'apply_to_gig', 'withdraw_application', 'accept_application', 'decline_application', 'undo_decision', 'close_gig', 'contact_details']) {
      expect(text).toContain(thing);
    }
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const answer = await attempt(p, s);
    if (s.rows === 'ownPrefs') expect(answer.json).toEqual([expect.objectContaining({ user_id: p.acc.O.id })]);
  });
});

describe('the same calls with the real parties succeed (the refusals above are specific)', () => {
  it('W reads its application and saved gig, P reads the applicant and accepts, then each gets the other\'s contact details', async () => {
    const { be, acc } = p;
    const as = (a: Account, method: string, path: string, body?: unknown) => send(be, { method, path, bearer: a.access, headers: rep, body });
    expect((await as(acc.W, 'GET', `${R}/applications?id=eq.${ids.app}`)).json).toEqual([expect.objectContaining({ id: ids.app, status: 'applied' })]);
    expect((await as(acc.W, 'GET', `${R}/saved_gigs`)).json).toEqual([expect.objectContaining({ gig_id: ids.gig })]);
    expect((await as(acc.P, 'GET', `${R}/applications?gig_id=eq.${ids.gig}`)).json).toEqual([expect.objectContaining({ id: ids.app })]);
    expect((await as(acc.P, 'POST', rpc('accept_application'), { p_application_id: ids.app })).json).toMatchObject({ status: 'accepted' });
    expect((await as(acc.P, 'POST', rpc('contact_details'), { p_user_id: acc.W.id })).json).toEqual([{ user_id: acc.W.id, email: 'w@contact.example', phone: null }]);
    // The accepted party reads them through the function only; the table still refuses the columns.
    expect([(await as(acc.P, 'GET', `${R}/profiles?select=contact_email&id=eq.${acc.W.id}`)).status]).toEqual([403]);
    expect((await as(acc.W, 'POST', rpc('contact_details'), { p_user_id: acc.W.id })).json).toEqual([{ user_id: acc.W.id, email: 'w@contact.example', phone: null }]);
    expect((await as(acc.W, 'PATCH', `${R}/profiles?id=eq.${acc.W.id}&select=id,bio`, { contact_phone: '+1 555 0199', bio: 'Hi' })).json).toEqual([{ id: acc.W.id, bio: 'Hi' }]);
    expect((await as(acc.P, 'POST', rpc('contact_details'), { p_user_id: acc.W.id })).json).toEqual([{ user_id: acc.W.id, email: 'w@contact.example', phone: '+1 555 0199' }]);
    expect((await as(acc.W, 'GET', `${R}/application_events?application_id=eq.${ids.app}&select=transition`)).json).toEqual([{ transition: 'apply' }, { transition: 'accept' }]);
  });
});

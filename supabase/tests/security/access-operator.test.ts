/**
 * Access control of the operator's console under attack, over real HTTP: every operator function
 * (admin_*) and every operator view (admin_*) × the visitor, a member, the anon key as a user
 * token, forged tokens (W, whose id a forged `sub` names, IS an operator), and a token signed with
 * the project's secret that claims the operator role in app_metadata for a member who is not one
 * (the role is read in auth.users, never from the token). Each is refused with its status and
 * code, and not one row changes (reports, takedowns and the operator audit included). The member
 * side: the reports table is written only by report_item, and a member reads only their own.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from 'backend/src/security/jwt';
import { makeOperator } from '../market/moderation-helpers';
import { errorCode, send } from 'backend/test/security/helpers';
import { attempt, marketFingerprint, useParties, type Scenario, type Who } from './market-support';

const p = useParties('opx-');
const { ids } = p;

beforeAll(async () => {
  const { be, acc, call } = p;
  ids.gig = (await call(acc.P, '/rest/v1/gigs', { title: 'P gig', description: 'Work', payment_type: 'fixed', rate: 100, hours: 2, location: 'remote' }))[0]!.id!;
  ids.app = (await call(acc.W, '/rest/v1/rpc/apply_to_gig', { p_gig_id: ids.gig, p_message: 'W applies' })).id!;
  ids.message = (await call(acc.P, '/rest/v1/rpc/send_message', { p_application_id: ids.app, p_body: 'hello W' })).id!;
  ids.report = (await call(acc.O, '/rest/v1/rpc/report_item', { p_kind: 'gig', p_target_id: ids.gig, p_reason: 'spam' })).id!;
  ids.outbox = String((await be.db.transaction((tx) => tx.query<{ id: string }>('select id::text from private.notification_outbox order by id limit 1'))).rows[0]!.id);
  await makeOperator(be, { id: acc.W.id, email: acc.W.email, token: acc.W.access });
});

const R = '/rest/v1';
const FUNCTIONS: [string, Record<string, unknown>][] = [
  ['admin_hide_gig', { p_gig_id: '{gig}', p_reason: 'x' }],
  ['admin_restore_gig', { p_gig_id: '{gig}', p_reason: 'x' }],
  ['admin_remove_message', { p_message_id: '{message}', p_reason: 'x' }],
  ['admin_warn_member', { p_user_id: '{P}', p_reason: 'x' }],
  ['admin_ban_member', { p_user_id: '{P}', p_reason: 'x' }],
  ['admin_unban_member', { p_user_id: '{P}', p_reason: 'x' }],
  ['admin_resolve_report', { p_report_id: '{report}', p_resolution: 'dismissed', p_reason: 'x' }],
  ['admin_retry_email', { p_outbox_id: '{outbox}', p_reason: 'x' }],
];
const VIEWS = ['admin_reports', 'admin_gigs', 'admin_members', 'admin_applications', 'admin_messages', 'admin_outbox', 'admin_audit_log'];

/** Who is refused, and how. */
const REFUSED: [Who, number, string][] = [
  ['visitor', 401, '42501'],
  ['P', 403, '42501'],
  ['anonAsUser', 401, '42501'],
  ['bearer:subOfOtherSignatureKept', 401, 'PGRST301'],
  ['bearer:algNoneServiceRole', 401, 'PGRST301'],
  ['bearer:serviceRoleWrongKey', 401, 'PGRST301'],
  ['bearer:expired', 401, 'PGRST303'],
  ['apikey:anonKeyEditedToServiceRole', 401, 'PGRST301'],
];

const scenarios: Scenario[] = [
  ...FUNCTIONS.flatMap(([fn, body]) => REFUSED.map(([as, status, code]): Scenario => ({ name: `${as}: rpc ${fn}`, as, method: 'POST', path: `${R}/rpc/${fn}`, body, status, code }))),
  ...VIEWS.flatMap((v) => REFUSED.map(([as, status, code]): Scenario => ({ name: `${as}: read ${v}`, as, method: 'GET', path: `${R}/${v}?select=*`, status, code }))),
  // A filter cannot reach a row before the gate (security_barrier), nor can a count.
  { name: 'P: admin_members filtered by email', as: 'P', method: 'GET', path: `${R}/admin_members?email=eq.opx-other@example.com`, status: 403, code: '42501' },
  { name: 'P: count admin_audit_log', as: 'P', method: 'GET', path: `${R}/admin_audit_log?select=count()`, status: 403, code: '42501' },
  { name: 'P: write admin_gigs', as: 'P', method: 'PATCH', path: `${R}/admin_gigs?id=eq.{gig}`, body: { hidden_reason: 'x' }, status: 403, code: '42501' },
  { name: 'W (an operator): write admin_audit_log', as: 'W', method: 'DELETE', path: `${R}/admin_audit_log?id=gt.0`, status: 403, code: '42501' },
  { name: 'W (an operator): insert into admin_reports', as: 'W', method: 'POST', path: `${R}/admin_reports`, body: { status: 'dismissed' }, status: 403, code: '42501' },
  // The member side of reports.
  { name: 'visitor: rpc report_item', as: 'visitor', method: 'POST', path: `${R}/rpc/report_item`, body: { p_kind: 'gig', p_target_id: '{gig}', p_reason: 'spam' }, status: 401, code: '42501' },
  { name: 'visitor: read reports', as: 'visitor', method: 'GET', path: `${R}/reports`, status: 401, code: '42501' },
  { name: "P: read O's report", as: 'P', method: 'GET', path: `${R}/reports?id=eq.{report}`, status: 200, code: null, rows: 'none' },
  { name: 'P: insert a report', as: 'P', method: 'POST', path: `${R}/reports`, body: { reporter_id: '{P}', target_kind: 'gig', target_id: '{gig}', reason: 'spam' }, status: 403, code: '42501' },
  { name: 'O: decide its own report', as: 'O', method: 'PATCH', path: `${R}/reports?id=eq.{report}`, body: { status: 'dismissed' }, status: 403, code: '42501' },
  { name: 'O: delete its own report', as: 'O', method: 'DELETE', path: `${R}/reports?id=eq.{report}`, status: 403, code: '42501' },
  { name: 'P: take a gig down by insert', as: 'P', method: 'POST', path: `${R}/gig_takedowns`, body: { gig_id: '{gig}' }, status: 403, code: '42501' },
  { name: 'P: hide its own gig by update', as: 'P', method: 'PATCH', path: `${R}/gigs?id=eq.{gig}`, body: { hidden_at: '2024-01-01T00:00:00Z', hidden_cause: 'moderation', hidden_reason: 'x' }, status: 403, code: '42501' },
  ...['require_console', 'console_gate', 'audit_action', 'set_gig_hidden', 'resolve_reports', 'enqueue_service_notice', 'ban_target', 'has_operator_role', 'notification_max_attempts'].map(
    (fn): Scenario => ({ name: `rpc: private.${fn}`, as: 'P', method: 'POST', path: `${R}/rpc/${fn}`, body: {}, status: 404, code: 'PGRST202' }),
  ),
  { name: 'private schema: the operator audit as a table', as: 'W', method: 'GET', path: `${R}/operator_audit`, status: 404, code: 'PGRST205' },
];

describe('the operator console under attack', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    await attempt(p, s);
  });

  it.each([...FUNCTIONS.map(([fn, body]) => [`rpc ${fn}`, 'POST', `${R}/rpc/${fn}`, body] as const), ...VIEWS.map((v) => [`read ${v}`, 'GET', `${R}/${v}`, undefined] as const)])(
    'a token signed with the project secret that claims the operator role: %s refused (403)', async (_name, method, path, body) => {
      const now = Math.floor(Date.now() / 1000);
      const forged = await signJwt({ sub: p.acc.O.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600, email: p.acc.O.email,
        session_id: randomUUID(), aal: 'aal1', app_metadata: { role: 'operator', provider: 'email' } }, p.be.config.JWT_SECRET);
      const before = await marketFingerprint(p.be);
      const fill = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v).replace(/\{(\w+)\}/g, (_, k: string) => ids[k]!)));
      const a = await send(p.be, { method, path, bearer: forged, body: fill(body) });
      expect({ status: a.status, code: errorCode(a) }, a.text.slice(0, 300)).toEqual({ status: 403, code: '42501' });
      expect((a.json as { message: string }).message).toMatch(/^Only a Need40 operator can /);
      expect(await marketFingerprint(p.be)).toBe(before);
    });
});

describe('the right party', () => {
  it('the operator (W) reads every view', async () => {
    for (const v of VIEWS) expect((await send(p.be, { path: `${R}/${v}?select=*&limit=1`, bearer: p.acc.W.access })).status, v).toBe(200);
    const reports = await send(p.be, { path: `${R}/admin_reports?id=eq.${ids.report}&select=target_summary,target_owner_id,open_reports_on_item`, bearer: p.acc.W.access });
    expect(reports.json).toEqual([{ target_summary: 'P gig', target_owner_id: ids.P, open_reports_on_item: 1 }]);
  });
});

/**
 * Property "moderation: console" (fast-check, real HTTP): any sequence of reports, hides, restores,
 * report decisions, message removals, warnings, bans and unbans — by the operator, the poster P,
 * the member M, a visitor and forged credentials, on real and unknown ids, with hostile reasons
 * and notes — answers below 500, and after every step:
 *   - a refused call and every call by anyone but the operator writes no audit row; each accepted
 *     operator call writes exactly one;
 *   - a gig is in the visitor's grid exactly when it is not hidden, and the takedown signal lists
 *     exactly the hidden gigs; every hidden gig has its cause and reason;
 *   - no member has two open reports on one item;
 *   - a banned member has no listed open gig and no pending application; the operator is never banned.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { makeOperator } from '../market/moderation-helpers';
import { check, hostileString, noteStatus, summary, timeoutFor, type PropertyName } from 'backend/test/security/fuzz-support';
import { forgedTokens, send, signUp, type Account, type Answer } from 'backend/test/security/helpers';

const PROPERTY: PropertyName = 'moderation: console';
type Who = 'OP' | 'P' | 'M' | 'visitor' | 'forged';
let be: TestBackend;
const acc: Record<'OP' | 'P' | 'M', Account> = {} as never;
let forged = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
  acc.OP = await signUp(be, 'fuzz-op@example.com');
  acc.P = await signUp(be, 'fuzz-mod-poster@example.com');
  acc.M = await signUp(be, 'fuzz-mod-member@example.com');
  await makeOperator(be, { id: acc.OP.id, email: acc.OP.email, token: acc.OP.access });
  forged = (await forgedTokens(be, acc.M.access, acc.OP)).bearer.subOfOtherSignatureKept;
});
afterAll(async () => {
  console.log(summary('fuzz-moderation', [PROPERTY]));
  await be?.close();
});

const call = (who: Who, fn: string, args: Record<string, unknown>): Promise<Answer> =>
  send(be, { method: 'POST', path: `/rest/v1/rpc/${fn}`, bearer: who === 'visitor' ? undefined : who === 'forged' ? forged : acc[who].access, body: args });
const auditCount = async () => Number((await be.db.transaction((tx) => tx.query<{ n: string }>('select count(*)::text as n from private.operator_audit'))).rows[0]!.n);
const q = async <T>(text: string, params: unknown[] = []) => (await be.db.transaction((tx) => tx.query<T>(text, params))).rows;

const who = fc.constantFrom<Who>('OP', 'OP', 'OP', 'P', 'M', 'M', 'visitor', 'forged');
const reason = fc.oneof(fc.constantFrom('Scam.', '', '   ', 'x'.repeat(1001)), hostileString);
const target = fc.constantFrom('gig0', 'gig1', 'gig2', 'message', 'P', 'M', 'OP', 'unknown', 'report');
const action = fc.oneof(
  fc.record({ fn: fc.constant('report_item'), who, kind: fc.constantFrom('gig', 'profile', 'message', 'nonsense'), target, reason: fc.constantFrom('scam', 'spam', 'other', 'bogus'), note: fc.option(reason, { nil: undefined }) }),
  fc.record({ fn: fc.constantFrom('admin_hide_gig', 'admin_restore_gig', 'admin_remove_message', 'admin_warn_member', 'admin_unban_member', 'admin_resolve_report'), who, target, reason }),
  fc.record({ fn: fc.constant('admin_ban_member'), who, target, reason, days: fc.option(fc.integer({ min: -2, max: 40_000 }), { nil: undefined }) }),
  fc.record({ fn: fc.constant('apply_to_gig'), who: fc.constant<Who>('M'), target: fc.constantFrom('gig0', 'gig1', 'gig2') }),
);
type Action = { fn: string; who: Who; target: string; kind?: string; reason?: string; note?: string; days?: number };

const idOf = (t: string) => (t === 'unknown' ? '00000000-0000-4000-8000-000000000000' : t in acc ? acc[t as 'P'].id : ids[t] ?? t);
function argsOf(a: Action): Record<string, unknown> {
  const id = idOf(a.target);
  switch (a.fn) {
    case 'report_item': return { p_kind: a.kind, p_target_id: id, p_reason: a.reason, ...(a.note !== undefined && { p_note: a.note }) };
    case 'apply_to_gig': return { p_gig_id: id, p_message: 'Hello' };
    case 'admin_hide_gig': case 'admin_restore_gig': return { p_gig_id: id, p_reason: a.reason };
    case 'admin_remove_message': return { p_message_id: id, p_reason: a.reason };
    case 'admin_resolve_report': return { p_report_id: id, p_resolution: 'dismissed', p_reason: a.reason };
    default: return { p_user_id: id, p_reason: a.reason, ...(a.days !== undefined && { p_days: a.days }) };
  }
}

async function invariants(context: string) {
  const [row] = await q<Record<string, string>>(`select
      (select count(*) from public.gigs g where (g.hidden_at is null) <> not exists (select 1 from public.gig_takedowns t where t.gig_id = g.id))::text as takedowns_off,
      (select count(*) from public.gigs g where g.hidden_at is not null and (g.hidden_cause is null or g.hidden_reason is null))::text as hidden_without_reason,
      (select count(*) from (select 1 from public.reports where status = 'open' group by reporter_id, target_kind, target_id having count(*) > 1) d)::text as double_open,
      (select count(*) from public.gigs g join auth.users u on u.id = g.user_id where u.banned_until > now() and g.hidden_at is null and g.status = 'active')::text as banned_listed,
      (select count(*) from public.applications a join auth.users u on u.id = a.worker_id where u.banned_until > now() and a.status = 'applied')::text as banned_pending,
      (select count(*) from auth.users u where u.id = $1 and u.banned_until > now())::text as operator_banned`, [acc.OP.id]);
  expect(Object.values(row!).map(Number), `${context} ${JSON.stringify(row)}`).toEqual([0, 0, 0, 0, 0, 0]);
  const grid = await send(be, { path: '/rest/v1/gigs?select=id&order=id' });
  const hidden = await q<{ id: string }>('select id::text from public.gigs where hidden_at is null order by id');
  expect((grid.json as { id: string }[]).map((g) => g.id), context).toEqual(hidden.map((g) => g.id));
}

describe('moderation fuzzing', () => {
  it('operator actions are the operator\'s alone, each on the record, and leave the marketplace consistent', { timeout: timeoutFor(PROPERTY) }, async () => {
    await check(PROPERTY, fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
      // A fresh cast for each case: P's three gigs, M applied to the first, a message from M.
      await q('select private.unban_member(id) from auth.users where id = any($1)', [[acc.P.id, acc.M.id]]);
      for (const k of ['P', 'M'] as const) {
        // A ban ended their sessions: sign in again after the unban.
        if ((await q('select 1 from auth.sessions where user_id = $1', [acc[k].id])).length) continue;
        const s = await send(be, { method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email: acc[k].email, password: acc[k].password } });
        acc[k] = { ...acc[k], access: (s.json as { access_token: string }).access_token };
      }
      for (const i of [0, 1, 2]) {
        ids[`gig${i}`] = ((await send(be, { method: 'POST', path: '/rest/v1/gigs', bearer: acc.P.access, headers: { prefer: 'return=representation' }, body: { title: `Fuzz ${i}`, description: 'D', rate: 10, hours: 1, location: 'remote' } })).json as { id: string }[])[0]!.id;
      }
      const app = (await call('M', 'apply_to_gig', { p_gig_id: ids.gig0, p_message: 'Hi' })).json as { id: string };
      ids.message = ((await call('M', 'send_message', { p_application_id: app.id, p_body: 'hello' })).json as { id: string }).id;
      ids.report = ((await call('M', 'report_item', { p_kind: 'gig', p_target_id: ids.gig1, p_reason: 'spam' })).json as { id: string }).id;
      for (const a of actions) {
        const before = await auditCount();
        const answer = await call(a.who, a.fn, argsOf(a));
        noteStatus(answer.status);
        const context = `${JSON.stringify(a).slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, context).toBeLessThan(500);
        const after = await auditCount();
        const expected = a.fn.startsWith('admin_') && a.who === 'OP' && answer.status < 300 ? 1 : 0;
        if (a.fn.startsWith('admin_') && a.who !== 'OP') expect(answer.status, context).toBeGreaterThanOrEqual(400);
        expect(after - before, context).toBe(expected);
        await invariants(context);
      }
    });
  });
});

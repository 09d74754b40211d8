/**
 * Property "deal: money edits after acceptance" (fast-check, real HTTP): after a poster accepts a
 * worker, any sequence of gig edits (rate, payment type, hours), deal-change proposals, accepts and
 * declines by the poster, the worker or a stranger, direct PATCHes of the deal's columns, and the
 * first money step, leaves the deal exactly where a small model says: its money changes only when
 * the party who did not propose accepts a proposal, before money moves — never through the gig.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { check, noteStatus, summary, timeoutFor, type PropertyName } from 'backend/test/security/fuzz-support';
import { send, signUp, type Account, type Answer } from 'backend/test/security/helpers';

const PROPERTY: PropertyName = 'deal: money edits after acceptance';
/** The first step that moves money for an accepted deal (it locks the terms). */
const MONEY_STEP = 'start_funding';

let be: TestBackend;
const acc: Record<'P' | 'W' | 'S', Account> = {} as never;

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
  acc.P = await signUp(be, 'deal-poster@example.com');
  acc.W = await signUp(be, 'deal-worker@example.com');
  acc.S = await signUp(be, 'deal-stranger@example.com');
});
afterAll(async () => {
  console.log(summary('fuzz-deal', [PROPERTY]));
  await be?.close();
});

type Who = 'P' | 'W' | 'S';
interface Terms { type: 'fixed' | 'hourly'; rate: number; hours: number | null }
interface Model extends Terms { proposal: { by: Who; rate: number; hours: number | null } | null; locked: boolean }

const as = (who: Who, method: string, path: string, body?: unknown): Promise<Answer> =>
  send(be, { method, path, bearer: acc[who].access, headers: { prefer: 'return=representation' }, body });
const rpc = (who: Who, fn: string, args: Record<string, unknown>) => as(who, 'POST', `/rest/v1/rpc/${fn}`, args);

const amountOf = (t: Terms) => (t.type === 'fixed' ? t.rate : Math.round(t.rate * (t.hours ?? 0)));

async function dealRow(app: string) {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<{ type: string; rate: string; hours: string | null; amount: string; fee: string; worker: string; by: string | null; crate: string | null; chours: string | null }>(
      `select deal_payment_type as type, deal_rate_cents as rate, agreed_hours as hours, deal_amount_cents as amount, deal_fee_cents as fee,
              deal_worker_cents as worker, change_proposed_by as by, change_rate_cents as crate, change_hours as chours
       from public.applications where id = $1`, [app]));
  return rows[0]!;
}

const who = fc.constantFrom<Who>('P', 'W', 'W', 'P', 'S');
const cents = fc.integer({ min: 1, max: 200_000 });
const hours = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constant(7.5));
const action = fc.oneof(
  fc.record({ kind: fc.constant('edit_gig' as const), rate: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }), type: fc.option(fc.constantFrom('fixed', 'hourly'), { nil: undefined }), hours: fc.option(hours, { nil: undefined }) }),
  fc.record({ kind: fc.constant('propose' as const), who, rate: fc.option(cents, { nil: undefined }), hours: fc.option(hours, { nil: undefined }) }),
  fc.record({ kind: fc.constantFrom('accept' as const, 'decline' as const), who }),
  fc.record({ kind: fc.constant('patch_app' as const), who, column: fc.constantFrom('deal_amount_cents', 'deal_rate_cents', 'agreed_amount', 'agreed_hours', 'worker_amount', 'change_rate_cents') }),
  fc.record({ kind: fc.constant('money' as const) }),
);
type Action = { kind: string; who?: Who; rate?: number; type?: string; hours?: number; column?: string };
const scenario = fc.record({
  start: fc.record({ type: fc.constantFrom<'fixed' | 'hourly'>('fixed', 'hourly'), rate: fc.integer({ min: 1, max: 3000 }), hours: fc.integer({ min: 1, max: 40 }) }),
  actions: fc.array(action, { minLength: 1, maxLength: 8 }),
});

/** What the model expects of one action, and the model afterwards. */
function expectOf(m: Model, a: Action): { ok: boolean; next: Model } {
  const next = { ...m, proposal: m.proposal && { ...m.proposal } };
  if (a.kind === 'propose') {
    if (a.who === 'S' || m.locked || (a.rate === undefined && a.hours === undefined) || (a.hours !== undefined && m.type === 'fixed')) return { ok: false, next: m };
    const t: Terms = { type: m.type, rate: a.rate ?? m.rate, hours: m.type === 'fixed' ? null : a.hours ?? m.hours };
    if (t.type === 'hourly' && t.hours === null) return { ok: false, next: m };
    if (t.rate === m.rate && t.hours === m.hours) return { ok: false, next: m };
    next.proposal = { by: a.who!, rate: t.rate, hours: t.hours };
    return { ok: true, next };
  }
  if (a.kind === 'accept') {
    if (a.who === 'S' || !m.proposal || m.proposal.by === a.who || m.locked) return { ok: false, next: m };
    return { ok: true, next: { ...m, rate: m.proposal.rate, hours: m.proposal.hours, proposal: null } };
  }
  if (a.kind === 'decline') {
    if (a.who === 'S' || !m.proposal) return { ok: false, next: m };
    return { ok: true, next: { ...m, proposal: null } };
  }
  // Paying starts a hold (asking again returns it): from then on the terms are locked.
  if (a.kind === 'money') return { ok: true, next: { ...m, locked: true } };
  return { ok: a.kind === 'edit_gig', next: m };
}

async function step(ctx: { gig: string; app: string }, a: Action): Promise<Answer> {
  const app = { p_application_id: ctx.app };
  switch (a.kind) {
    case 'edit_gig': {
      const patch = { ...(a.rate !== undefined && { rate: a.rate }), ...(a.type !== undefined && { payment_type: a.type }), ...(a.hours !== undefined && { hours: a.hours }) };
      return as('P', 'PATCH', `/rest/v1/gigs?id=eq.${ctx.gig}`, Object.keys(patch).length ? patch : { title: 'Edited' });
    }
    case 'propose':
      return rpc(a.who!, 'propose_deal_change', { ...app, ...(a.rate !== undefined && { p_rate: a.rate / 100 }), ...(a.hours !== undefined && { p_hours: a.hours }) });
    case 'accept':
      return rpc(a.who!, 'accept_deal_change', app);
    case 'decline':
      return rpc(a.who!, 'decline_deal_change', app);
    case 'patch_app':
      return as(a.who!, 'PATCH', `/rest/v1/applications?id=eq.${ctx.app}`, { [a.column!]: 1 });
    default:
      return rpc('P', MONEY_STEP, app);
  }
}

describe('deal money fuzzing', () => {
  it('after acceptance, the deal\'s money moves only by the other party\'s consent, before money moves', { timeout: timeoutFor(PROPERTY) }, async () => {
    await check(PROPERTY, scenario, async ({ start, actions }) => {
      const gigBody = { title: 'Deal fuzz', description: 'Work', payment_type: start.type, rate: start.rate, hours: start.hours, location: 'remote' };
      const gig = ((await as('P', 'POST', '/rest/v1/gigs', gigBody)).json as { id: string }[])[0]!.id;
      const app = ((await rpc('W', 'apply_to_gig', { p_gig_id: gig, p_message: 'Hi' })).json as { id: string }).id;
      expect((await rpc('P', 'accept_application', { p_application_id: app })).status).toBe(200);
      let model: Model = { type: start.type, rate: start.rate * 100, hours: start.type === 'fixed' ? null : start.hours, proposal: null, locked: false };
      for (const a of actions) {
        const answer = await step({ gig, app }, a);
        noteStatus(answer.status);
        const { ok, next } = expectOf(model, a);
        const context = `${JSON.stringify(a)} → ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, context).toBeLessThan(500);
        expect(answer.status < 300, context).toBe(ok);
        model = next;
        const row = await dealRow(app);
        const amount = amountOf(model);
        const fee = Math.floor((amount * 5 + 50) / 100);
        expect({ type: row.type, rate: Number(row.rate), hours: row.hours === null ? null : Number(row.hours), amount: Number(row.amount), fee: Number(row.fee), worker: Number(row.worker) }, context)
          .toEqual({ type: model.type, rate: model.rate, hours: model.hours, amount, fee, worker: amount - fee });
        const proposal = row.by === null ? null : { by: row.by === acc.P.id ? 'P' : 'W', rate: Number(row.crate), hours: row.chours === null ? null : Number(row.chours) };
        expect(proposal, context).toEqual(model.proposal);
      }
    });
  });
});

/**
 * Finding workers, over real HTTP: the directory (search_workers, profiles.available_for_work),
 * invitations (gig_invitations, invite_to_apply) and saved searches (saved_searches, the job
 * private.run_saved_searches) — first under attack (the visitor, the poster P, the worker W,
 * another member O, forged tokens: refused with status and code, or filtered to no foreign row,
 * and nothing changes), then as members use them. A member sees only their own saved searches and
 * the invitations to or from them.
 * Setup: W and O are available for work (W: React and Figma at $40, O: Go at $90); P invited W to
 * P's open gig; W saved a search; P has a closed gig too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from 'backend/test/security/helpers';
import { attempt, useParties, type Scenario } from './market-support';

const p = useParties('find-');
const { ids } = p;
const R = '/rest/v1';
const rpc = (fn: string) => `${R}/rpc/${fn}`;
const rep = { prefer: 'return=representation' };
const GIG = { description: 'Work', payment_type: 'hourly', rate: 50, hours: 2, location: 'remote' };

beforeAll(async () => {
  const { be, acc, call } = p;
  const patch = (who: 'W' | 'O', body: unknown) => send(be, { method: 'PATCH', path: `${R}/profiles?id=eq.${acc[who].id}`, bearer: acc[who].access, body });
  await patch('W', { available_for_work: true, skills: ['React', 'Figma'], hourly_rate: 40, title: 'Designer', contact_phone: '+1 555 0100' });
  await patch('O', { available_for_work: true, skills: ['Go'], hourly_rate: 90 });
  ids.gig = (await call(acc.P, `${R}/gigs`, { ...GIG, title: 'Finding canary gig', skills: ['figma'] }))[0]!.id!;
  ids.closed = (await call(acc.P, `${R}/gigs`, { ...GIG, title: 'Closed gig' }))[0]!.id!;
  await call(acc.P, rpc('close_gig'), { p_gig_id: ids.closed });
  ids.inv = (await call(acc.P, rpc('invite_to_apply'), { p_gig_id: ids.gig, p_worker_id: acc.W.id })).id!;
  ids.search = (await call(acc.W, `${R}/saved_searches`, { name: 'Figma work', filters: { skills: ['Figma'] } }))[0]!.id!;
  ids.nobody = '00000000-0000-4000-8000-000000000001';
});

const invite = (gig: string, worker: string) => ({ p_gig_id: `{${gig}}`, p_worker_id: `{${worker}}` });
const scenarios: Scenario[] = [
  // ── the visitor ────────────────────────────────────────────────────────────────────────────
  { name: 'visitor: read invitations', as: 'visitor', method: 'GET', path: `${R}/gig_invitations`, status: 401, code: '42501' },
  { name: 'visitor: read saved searches', as: 'visitor', method: 'GET', path: `${R}/saved_searches`, status: 401, code: '42501' },
  { name: 'visitor: save a search', as: 'visitor', method: 'POST', path: `${R}/saved_searches`, body: { name: 'x', filters: {} }, status: 401, code: '42501' },
  { name: 'visitor: rpc invite_to_apply', as: 'visitor', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'O'), status: 401, code: '42501' },
  { name: "visitor: mark W unavailable", as: 'visitor', method: 'PATCH', path: `${R}/profiles?id=eq.{W}`, body: { available_for_work: false }, status: 401, code: '42501' },
  { name: 'visitor: directory with 500 a page', as: 'visitor', method: 'POST', path: rpc('search_workers'), body: { p_limit: 500 }, status: 400, code: '22023' },
  { name: 'visitor: directory with min rate above max', as: 'visitor', method: 'POST', path: rpc('search_workers'), body: { p_min_rate: 90, p_max_rate: 10 }, status: 400, code: '22023' },
  { name: 'visitor: directory after a time without an id', as: 'visitor', method: 'POST', path: rpc('search_workers'), body: { p_after_since: '2024-01-01T00:00:00Z' }, status: 400, code: '22023' },
  { name: 'visitor: directory with 11 skills', as: 'visitor', method: 'POST', path: rpc('search_workers'), body: { p_skills: Array.from({ length: 11 }, (_, i) => `s${i}`) }, status: 400, code: '22023' },
  { name: 'visitor: directory with a rating of 9', as: 'visitor', method: 'POST', path: rpc('search_workers'), body: { p_min_rating: 9 }, status: 400, code: '22023' },
  { name: 'visitor: rpc the alert job private.run_saved_searches', as: 'visitor', method: 'POST', path: rpc('run_saved_searches'), body: { p_now: '2999-01-01T00:00:00Z' }, status: 404, code: 'PGRST202' },
  { name: 'W: rpc private.gig_matches', as: 'W', method: 'POST', path: rpc('gig_matches'), body: { f: {} }, status: 404, code: 'PGRST202' },
  { name: 'visitor: directory with a text rate', as: 'visitor', method: 'POST', path: rpc('search_workers'), body: { p_min_rate: 'cheap' }, status: 400, code: '22P02' },

  // ── another member (O) ─────────────────────────────────────────────────────────────────────
  { name: "O: read W's invitations", as: 'O', method: 'GET', path: `${R}/gig_invitations?worker_id=eq.{W}`, status: 200, code: null, rows: 'none' },
  { name: "O: read W's saved searches", as: 'O', method: 'GET', path: `${R}/saved_searches?user_id=eq.{W}`, status: 200, code: null, rows: 'none' },
  { name: 'O: forge an invitation by insert', as: 'O', method: 'POST', path: `${R}/gig_invitations`, body: { gig_id: '{gig}', poster_id: '{P}', worker_id: '{O}' }, status: 403, code: '42501' },
  { name: "O: delete W's invitation", as: 'O', method: 'DELETE', path: `${R}/gig_invitations?id=eq.{inv}`, status: 403, code: '42501' },
  { name: "O: invite W to P's gig", as: 'O', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'W'), status: 403, code: '42501' },
  { name: 'O: save a search in W\'s name', as: 'O', method: 'POST', path: `${R}/saved_searches`, body: { user_id: '{W}', name: 'x', filters: {} }, status: 403, code: '42501' },
  { name: "O: rename W's saved search", as: 'O', method: 'PATCH', path: `${R}/saved_searches?id=eq.{search}`, body: { name: 'mine now' }, status: 403, code: '42501' },
  { name: "O: delete W's saved search (no row matches)", as: 'O', method: 'DELETE', path: `${R}/saved_searches?id=eq.{search}`, headers: rep, status: 200, code: null, rows: 'none' },
  { name: "O: mark W unavailable (no row matches)", as: 'O', method: 'PATCH', path: `${R}/profiles?id=eq.{W}&select=id`, headers: rep, body: { available_for_work: false }, status: 200, code: null, rows: 'none' },
  { name: 'O: backdate its own available_since', as: 'O', method: 'PATCH', path: `${R}/profiles?id=eq.{O}`, body: { available_since: '2020-01-01T00:00:00Z' }, status: 403, code: '42501' },
  { name: 'O: write its completed gigs', as: 'O', method: 'PATCH', path: `${R}/profiles?id=eq.{O}`, body: { completed_gigs: 99 }, status: 400, code: 'PGRST204' },

  // ── the worker (W) and the poster (P) ──────────────────────────────────────────────────────
  { name: "W: invite itself to P's gig", as: 'W', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'W'), status: 403, code: '42501' },
  { name: 'W: rewrite its invitation', as: 'W', method: 'PATCH', path: `${R}/gig_invitations?id=eq.{inv}`, body: { gig_id: '{closed}' }, status: 403, code: '42501' },
  { name: 'W: save a search with an unknown filter', as: 'W', method: 'POST', path: `${R}/saved_searches`, body: { name: 'x', filters: { status: 'filled' } }, status: 400, code: '23514' },
  { name: 'W: save a search with a text rate', as: 'W', method: 'POST', path: `${R}/saved_searches`, body: { name: 'x', filters: { minRate: 'ten' } }, status: 400, code: '23514' },
  { name: 'W: save a search with a blank name', as: 'W', method: 'POST', path: `${R}/saved_searches`, body: { name: '  ', filters: {} }, status: 400, code: '23514' },
  { name: 'W: save an hourly search', as: 'W', method: 'POST', path: `${R}/saved_searches`, body: { name: 'x', filters: {}, frequency: 'hourly' }, status: 400, code: '23514' },
  { name: 'W: backdate its saved search', as: 'W', method: 'PATCH', path: `${R}/saved_searches?id=eq.{search}`, body: { checked_at: '2020-01-01T00:00:00Z' }, status: 403, code: '42501' },
  { name: 'P: invite W again', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'W'), status: 409, code: '23505' },
  { name: 'P: invite to a closed gig', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: invite('closed', 'O'), status: 400, code: 'N4002' },
  { name: 'P: invite itself', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'P'), status: 400, code: '22023' },
  { name: 'P: invite nobody', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'nobody'), status: 404, code: 'PT404' },
  { name: 'P: invite to no gig', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: invite('nobody', 'O'), status: 400, code: 'N4001' },
  { name: 'P: invite a null worker', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: { p_gig_id: '{gig}', p_worker_id: null }, status: 400, code: '22023' },
  { name: 'P: invite without a worker', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: { p_gig_id: '{gig}' }, status: 404, code: 'PGRST202' },
  { name: 'P: invite a text id', as: 'P', method: 'POST', path: rpc('invite_to_apply'), body: { p_gig_id: '{gig}', p_worker_id: 'W' }, status: 400, code: '22P02' },

  // ── forged tokens ──────────────────────────────────────────────────────────────────────────
  { name: "sub edited to W, signature kept: read W's invitations", as: 'bearer:subOfOtherSignatureKept', method: 'GET', path: `${R}/gig_invitations`, status: 401, code: 'PGRST301' },
  { name: 'expired: invite', as: 'bearer:expired', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'O'), status: 401, code: 'PGRST303' },
  { name: 'the anon key as a user token: invite', as: 'anonAsUser', method: 'POST', path: rpc('invite_to_apply'), body: invite('gig', 'O'), status: 401, code: '42501' },
  { name: 'alg none service_role: read saved searches', as: 'bearer:algNoneServiceRole', method: 'GET', path: `${R}/saved_searches`, status: 401, code: 'PGRST301' },
];

describe('finding workers: access control under attack', () => {
  it('covers the tables and functions, each scenario named once', () => {
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    const text = scenarios.map((s) => `${s.path} ${JSON.stringify(s.body ?? '')}`).join(' ');
    for (const thing of ['gig_invitations', 'saved_searches', 'invite_to_apply', 'search_workers', 'available_for_work', 'completed_gigs', 'run_saved_searches']) expect(text).toContain(thing);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const answer = await attempt(p, s);
    expect(answer.text).not.toContain('Figma work');
  });
});

const get = async (path: string, who?: 'P' | 'W' | 'O') => (await send(p.be, { path, bearer: who ? p.acc[who].access : null })).json as Record<string, unknown>[];
const post = (path: string, who: 'P' | 'W' | 'O' | null, body: unknown, headers?: Record<string, string>) =>
  send(p.be, { method: 'POST', path, bearer: who ? p.acc[who].access : null, body, headers });
const sql = async <T>(text: string, values: unknown[] = []) => (await p.be.db.transaction((tx) => tx.query<T>(text, values))).rows;

describe('the directory', () => {
  it('lists available members by skill (any case), rate and rating, public fields only, page after page', async () => {
    const all = (await post(rpc('search_workers'), null, {})).json as Record<string, unknown>[];
    expect(all.map((w) => w.full_name)).toEqual(['Oscar Other', 'Wendy Worker']);
    expect(Object.keys(all[1]!).sort()).toEqual(
      ['available_since', 'avatar_url', 'average_rating', 'completed_gigs', 'full_name', 'hourly_rate', 'hours_per_week', 'id', 'review_count', 'skills', 'timezone', 'title', 'username'],
    );
    expect(JSON.stringify(all)).not.toContain('555 0100');
    const react = (await post(rpc('search_workers'), null, { p_skills: ['react', ' FIGMA '] })).json as Record<string, unknown>[];
    expect(react.map((w) => w.full_name)).toEqual(['Wendy Worker']);
    expect((await post(rpc('search_workers'), null, { p_min_rate: 50, p_max_rate: 100 })).json).toMatchObject([{ full_name: 'Oscar Other' }]);
    expect((await post(rpc('search_workers'), null, { p_min_rating: 4 })).json).toEqual([]);
    const first = (await post(rpc('search_workers'), null, { p_limit: 1 })).json as { id: string; available_since: string }[];
    const next = (await post(rpc('search_workers'), null, { p_limit: 1, p_after_since: first[0]!.available_since, p_after_id: first[0]!.id })).json as { full_name: string }[];
    expect([first.length, next.map((w) => w.full_name)]).toEqual([1, ['Wendy Worker']]);
  });

  it('leaves out a member who is no longer available, and a banned one', async () => {
    await send(p.be, { method: 'PATCH', path: `${R}/profiles?id=eq.${p.acc.O.id}`, bearer: p.acc.O.access, body: { available_for_work: false } });
    expect(await get(`${R}/profiles?id=eq.${p.acc.O.id}&select=available_for_work,available_since`)).toEqual([{ available_for_work: false, available_since: null }]);
    await sql(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [p.acc.W.id]);
    expect((await post(rpc('search_workers'), null, {})).json).toEqual([]);
    await sql(`update auth.users set banned_until = null where id = $1`, [p.acc.W.id]);
  });
});

describe('invitations', () => {
  it('the worker and the poster read the invitation; the worker is notified in the centre and by email', async () => {
    for (const who of ['W', 'P'] as const) expect(await get(`${R}/gig_invitations?select=gig_id,worker_id`, who)).toEqual([{ gig_id: ids.gig, worker_id: p.acc.W.id }]);
    expect(await get(`${R}/notifications?select=kind,gig_id,gig_title,actor_name&kind=eq.invite`, 'W')).toEqual([
      { kind: 'invite', gig_id: ids.gig, gig_title: 'Finding canary gig', actor_name: 'Pat Poster' },
    ]);
    const mail = await sql<{ kind: string; payload: Record<string, string> }>(`select kind, payload from private.notification_outbox where recipient_id = $1 and kind = 'gig_invitation'`, [p.acc.W.id]);
    expect(mail).toEqual([{ kind: 'gig_invitation', payload: { gig_id: ids.gig, gig_title: 'Finding canary gig', poster_name: 'Pat Poster' } }]);
  });

  it('refuses a worker who already applied, and more than 50 invitations a day', async () => {
    const gig = (await p.call(p.acc.P, `${R}/gigs`, { ...GIG, title: 'Second gig' }))[0]!.id!;
    await p.call(p.acc.O, rpc('apply_to_gig'), { p_gig_id: gig, p_message: 'O applies' });
    const applied = await post(rpc('invite_to_apply'), 'P', { p_gig_id: gig, p_worker_id: p.acc.O.id });
    expect([applied.status, (applied.json as { code: string }).code]).toEqual([409, '23505']);
    await sql(`insert into public.gigs (user_id, title, description, rate, hours, location) select $1::uuid, 'Bulk ' || i, 'd', 10, 1, 'remote' from generate_series(1, 50) i`, [p.acc.P.id]);
    await sql(`insert into public.gig_invitations (gig_id, poster_id, worker_id) select g.id, g.user_id, $1::uuid from public.gigs g where g.title like 'Bulk %'`, [p.acc.O.id]);
    const limited = await post(rpc('invite_to_apply'), 'P', { p_gig_id: ids.gig, p_worker_id: p.acc.O.id });
    expect([limited.status, (limited.json as { code: string }).code]).toEqual([429, 'PT429']);
  });
});

describe('saved searches', () => {
  const run = (at: Date) => sql<{ r: Record<string, number> }>('select private.run_saved_searches($1) as r', [at.toISOString()]);

  it('a new matching gig reaches the member once: one notification and one email, then nothing until the next day', async () => {
    await p.call(p.acc.P, `${R}/gigs`, { ...GIG, title: 'Logo in Figma', skills: ['FIGMA', 'branding'] });
    await p.call(p.acc.P, `${R}/gigs`, { ...GIG, title: 'Go service', skills: ['go'] });
    expect((await run(new Date()))[0]!.r).toMatchObject({ alerts: 1 });
    const bell = await get(`${R}/notifications?select=kind,gig_title,actor_name,count&kind=eq.saved_search`, 'W');
    // The canary gig was posted before the search was saved: only the new one counts.
    expect(bell).toEqual([{ kind: 'saved_search', gig_title: 'Logo in Figma', actor_name: 'Figma work', count: 1 }]);
    const mail = await sql<{ payload: { count: number; gigs: { title: string }[] } }>(`select payload from private.notification_outbox where recipient_id = $1 and kind = 'saved_search'`, [p.acc.W.id]);
    expect(mail.map((m) => [m.payload.count, m.payload.gigs.map((g) => g.title)])).toEqual([[1, ['Logo in Figma']]]);
    // Run again at once, and again with another match before the day is over: nothing more.
    await p.call(p.acc.P, `${R}/gigs`, { ...GIG, title: 'Figma icons', skills: ['figma'] });
    expect((await run(new Date()))[0]!.r).toMatchObject({ alerts: 0 });
    expect((await run(new Date(Date.now() + 25 * 3600_000)))[0]!.r).toMatchObject({ alerts: 1 });
    expect((await get(`${R}/notifications?select=gig_title&kind=eq.saved_search&order=id`, 'W')).map((n) => n.gig_title)).toEqual(['Logo in Figma', 'Figma icons']);
  });

  it('a member keeps at most 10, reads only their own and deletes them', async () => {
    for (let i = 2; i <= 10; i += 1) expect((await post(`${R}/saved_searches`, 'W', { name: `Search ${i}`, filters: { search: 'logo' } })).status).toBe(201);
    const eleventh = await post(`${R}/saved_searches`, 'W', { name: 'Eleventh', filters: {} });
    expect([eleventh.status, (eleventh.json as { code: string }).code]).toEqual([409, 'PT409']);
    expect((await get(`${R}/saved_searches?select=name`, 'W')).length).toBe(10);
    expect(await get(`${R}/saved_searches?select=name`, 'O')).toEqual([]);
    const gone = await send(p.be, { method: 'DELETE', path: `${R}/saved_searches?id=eq.${ids.search}`, bearer: p.acc.W.access, headers: rep });
    expect([gone.status, (gone.json as unknown[]).length]).toEqual([200, 1]);
  });
});

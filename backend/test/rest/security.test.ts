/**
 * The REST execution model at the edges: apikey and JWT checks (strict HS256, exp, roles), schema
 * and media-type headers, malformed query strings (400 PGRST1xx, never 500) and SQL injection
 * through filters, select, order, on_conflict and body keys (inert).
 */
import { SignJWT } from 'jose';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/security/jwt';
import { startTestBackend, type TestBackend } from '../harness';
import { accessToken, createUser, rest, seedGigs, type TestUser } from './helpers';

let be: TestBackend;
let alice: TestUser;

beforeAll(async () => {
  be = await startTestBackend();
  alice = await createUser(be, 'alice@example.com', 'Alice');
  await seedGigs(be, alice.id, [{ title: 'Fence', rate: 10 }, { title: 'Tap', rate: 20 }]);
});

afterAll(async () => {
  await be?.close();
});

async function json(res: Response): Promise<{ code?: string; message?: string }> {
  const text = await res.text();
  return text ? JSON.parse(text) : {};
}

const gigCount = async () => Number((await be.db.transaction((tx) => tx.query<{ n: string }>('select count(*)::text as n from public.gigs'))).rows[0]!.n);

describe('who is calling', () => {
  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['no apikey', { apikey: '' }, 401, 'PGRST301'],
    ['an apikey not signed with the secret', { apikey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.x' }, 401, 'PGRST301'],
  ])('%s → 401', async (_n, opts, status, code) => {
    const res = await fetch(`${be.url}/rest/v1/gigs`, { headers: opts.apikey ? { apikey: opts.apikey } : {} });
    expect(res.status).toBe(status);
    expect((await json(res)).code).toBe(code);
  });

  it('a user access token is not an apikey', async () => {
    const res = await rest(be, '/gigs', { apikey: alice.token });
    expect(res.status).toBe(401);
  });

  it('a bad signature → 401 PGRST301; expired → 401 PGRST303; alg none → 401', async () => {
    const forged = await signJwt({ sub: alice.id, role: 'authenticated', exp: now() + 60 }, 'another-secret-another-secret-another-secret');
    let res = await rest(be, '/gigs', { token: forged });
    expect([res.status, (await json(res)).code]).toEqual([401, 'PGRST301']);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');

    const expired = await signJwt({ sub: alice.id, role: 'authenticated', exp: now() - 10 }, be.config.JWT_SECRET);
    res = await rest(be, '/gigs', { token: expired });
    expect([res.status, (await json(res)).code]).toEqual([401, 'PGRST303']);

    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: alice.id, role: 'service_role', exp: now() + 60 })).toString('base64url');
    res = await rest(be, '/payments', { token: `${header}.${body}.` });
    expect([res.status, (await json(res)).code]).toEqual([401, 'PGRST301']);

    const hs512 = await new SignJWT({ role: 'service_role', exp: now() + 60 }).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(be.config.JWT_SECRET));
    res = await rest(be, '/payments', { token: hs512 });
    expect(res.status).toBe(401);

    const noExp = await signJwt({ sub: alice.id, role: 'authenticated' }, be.config.JWT_SECRET);
    res = await rest(be, '/gigs', { token: noExp });
    expect(res.status).toBe(401);
  });

  it('a signed token with a role outside anon/authenticated/service_role → 401', async () => {
    const token = await signJwt({ sub: alice.id, role: 'postgres', exp: now() + 60 }, be.config.JWT_SECRET);
    const res = await rest(be, '/payments', { token });
    expect([res.status, (await json(res)).code]).toEqual([401, 'PGRST301']);
  });

  it('a malformed Authorization header → 401', async () => {
    const res = await rest(be, '/gigs', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
  });

  it('the service key reads what users cannot', async () => {
    const res = await rest(be, '/audit_logs?select=id', { apikey: be.config.SERVICE_ROLE_KEY });
    expect(res.status).toBe(200);
  });

  it('the clock is the backend clock: a token expires when the backend says so', async () => {
    const token = await accessToken(be, alice.id, alice.email, 5);
    expect((await rest(be, '/gigs', { token })).status).toBe(200);
    be.advanceClock(10_000);
    try {
      const res = await rest(be, '/gigs', { token });
      expect([res.status, (await json(res)).code]).toEqual([401, 'PGRST303']);
    } finally {
      be.advanceClock(-10_000);
    }
  });
});

describe('headers', () => {
  it('Accept-Profile / Content-Profile other than public → 406 PGRST106', async () => {
    let res = await rest(be, '/gigs', { headers: { 'accept-profile': 'auth' } });
    expect([res.status, (await json(res)).code]).toEqual([406, 'PGRST106']);
    res = await rest(be, '/gigs', { method: 'POST', token: alice.token, headers: { 'content-profile': 'auth' }, body: '{}' });
    expect([res.status, (await json(res)).code]).toEqual([406, 'PGRST106']);
    res = await rest(be, '/gigs', { headers: { 'accept-profile': 'public' } });
    expect(res.status).toBe(200);
  });

  it('an unsupported Accept → 406 PGRST107', async () => {
    const res = await rest(be, '/gigs', { headers: { accept: 'application/vnd.pgrst.plan+json' } });
    expect([res.status, (await json(res)).code]).toEqual([406, 'PGRST107']);
  });

  it('Content-Range on every successful answer, exposed through CORS', async () => {
    let res = await rest(be, '/gigs?select=id&limit=1', { headers: { origin: 'http://localhost:3000' } });
    expect(res.headers.get('content-range')).toBe('0-0/*');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    res = await rest(be, '/gigs?select=id&title=eq.none', { headers: { prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('*/0');
    res = await rest(be, '/gigs?select=id', { headers: { prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-1/2');
    res = await rest(be, '/gigs?select=id&offset=5', { headers: { prefer: 'count=exact' } });
    expect([res.status, (await json(res)).code]).toEqual([416, 'PGRST103']);
    res = await rest(be, '/gigs?select=id', { headers: { range: '0-0' } });
    expect(res.headers.get('content-range')).toBe('0-0/*');
    res = await rest(be, '/gigs', { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect([res.status, res.headers.get('content-range')]).toEqual([200, '0-1/2']);
  });

  it('several Prefer values, comma-joined', async () => {
    const res = await rest(be, '/gigs?select=title', {
      method: 'POST', token: alice.token, headers: { prefer: 'return=representation, count=exact' },
      body: JSON.stringify({ title: 'P', description: 'd', rate: 1, hours: 1, location: 'remote' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect(await res.json()).toEqual([{ title: 'P' }]);
  });

  it('an invalid JSON body → 400 PGRST102', async () => {
    const res = await rest(be, '/gigs', { method: 'POST', token: alice.token, body: '{"title": ' });
    expect([res.status, (await json(res)).code]).toEqual([400, 'PGRST102']);
  });
});

describe('malformed and hostile query strings', () => {
  it.each([
    ['unknown operator', '/gigs?rate=zz.1', 'PGRST100'],
    ['no operator', '/gigs?rate=1', 'PGRST100'],
    ['bad is value', '/gigs?rate=is.maybe', 'PGRST100'],
    ['unbalanced select', '/gigs?select=title,profiles(username', 'PGRST100'],
    ['bad limit', '/gigs?limit=-1', 'PGRST100'],
    ['bad offset', '/gigs?offset=abc', 'PGRST100'],
    ['bad order modifier', '/gigs?order=rate.sideways', 'PGRST100'],
    ['unbalanced or', '/gigs?or=(rate.eq.1', 'PGRST100'],
    ['bad percent-encoding', '/gigs?title=eq.%E0%A4%A', 'PGRST100'],
    ['filter on an embed not selected', '/gigs?profiles.username=eq.x', 'PGRST108'],
    ['a cast that is not a type name', '/gigs?select=rate::text;drop', 'PGRST100'],
    ['a NUL in an alias', '/gigs?select=%22a%00b%22:title', 'PGRST100'],
    ['a NUL in a value', '/gigs?title=eq.a%00b', 'PGRST100'],
  ])('%s → 400 %s', async (_n, path, code) => {
    const res = await rest(be, path);
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe(code);
  });

  it.each([
    ['a filter value', "/gigs?title=eq.'; drop table public.gigs; --"],
    ['an ilike value', "/gigs?title=ilike.*'||(select 1)||'*"],
    ['an in list', "/gigs?title=in.(a,'); drop table public.gigs; --)"],
    ['a select column', '/gigs?select=title,"title; drop table public.gigs; --"'],
    ['a select alias', '/gigs?select="x\\"; drop table public.gigs; --":title'],
    ['an order column', '/gigs?order=title;drop table public.gigs'],
    ['a filter column', '/gigs?title";drop table public.gigs;--=eq.1'],
    ['a json path', "/gigs?select=title->>'a');drop table public.gigs;--"],
    ['an embed name', '/gigs?select=profiles;drop table public.gigs(*)'],
    ['an fts language', "/gigs?title=fts(english'); drop table public.gigs; --).x"],
  ])('injection through %s is inert', async (_n, path) => {
    const before = await gigCount();
    const res = await rest(be, path.replace(/ /g, '%20').replace(/;/g, '%3B').replace(/'/g, '%27').replace(/"/g, '%22'));
    expect(res.status).toBeLessThan(500);
    expect(await gigCount()).toBe(before);
  });

  it('injection through on_conflict and body keys is inert', async () => {
    const before = await gigCount();
    let res = await rest(be, `/gigs?on_conflict=${encodeURIComponent('id) do nothing; drop table public.gigs; --')}`, {
      method: 'POST', token: alice.token, headers: { prefer: 'resolution=merge-duplicates' }, body: JSON.stringify({ title: 'x' }),
    });
    expect(res.status).toBe(400);
    res = await rest(be, '/gigs', { method: 'POST', token: alice.token, body: JSON.stringify({ 'title") values (\'x\'); drop table public.gigs; --': 'x' }) });
    expect([res.status, (await json(res)).code]).toEqual([400, 'PGRST204']);
    res = await rest(be, '/rpc/record_payment', { method: 'POST', body: JSON.stringify({ p_amount: "1'); drop table public.gigs; --", p_payment_method: 'paypal', p_status: 'pending' }) });
    expect([res.status, (await json(res)).code]).toEqual([400, '22P02']);
    expect(await gigCount()).toBe(before);
  });

  it('random query strings never produce a 5xx', async () => {
    const piece = fc.oneof(
      fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'title', 'rate', 'skills', 'profiles.username', 'profiles.order', 'x', ''),
      fc.string({ maxLength: 12 }),
    );
    const value = fc.oneof(
      fc.constantFrom('eq.1', 'in.(1,2)', 'cs.{a}', 'is.null', '(rate.eq.1,title.eq.x)', '*,profiles(*)', 'title.desc.nullslast', 'not.eq.', 'fts.a&b', 'ov.(a,b)', '"', '((', '))', '->', '::', '!inner'),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(piece, value), { maxLength: 4 }), async (pairs) => {
        const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        const res = await rest(be, `/gigs?${qs}`);
        await res.arrayBuffer();
        expect(res.status, qs).toBeLessThan(500);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  });
});

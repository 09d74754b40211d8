/**
 * Bounded work per request: the shapes that kept the database busy for minutes (a short regular
 * expression with nested bounded repeats, embeds going round gigs → profiles → gigs with offsets,
 * a run of tsquery operators that answered 500) are refused with a 400 and a stable code before
 * any SQL runs; shapes within the bounds still answer; the database answers normally afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/http/limits';
import { startTestBackend, type TestBackend } from '../harness';
import { errorCode, fingerprint, send, signUp, type Account } from './helpers';

let be: TestBackend;
let A: Account;

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
  A = await signUp(be, 'cost-a@example.com');
  for (let i = 0; i < 3; i++) {
    const r = await send(be, { method: 'POST', path: '/rest/v1/gigs', bearer: A.access, body: { title: `Fence ${i}`, description: 'Paint it', rate: 10, hours: 2, location: 'remote', skills: ['paint'] } });
    expect(r.status).toBe(201);
  }
});

afterAll(async () => {
  await be?.close();
});

const q = encodeURIComponent;
/** gigs → profiles → gigs → … `levels` deep, with an offset on every level (the answer stays empty). */
const roundTrip = (levels: number) => {
  let s = 'id';
  const offsets: string[] = [];
  let path = '';
  for (let i = 0; i < levels; i++) {
    const name = i % 2 === 0 ? 'profiles' : 'gigs';
    path = path ? `${path}.${name}` : name;
    if (name === 'gigs') offsets.push(`${path}.offset=1000`);
  }
  for (let i = levels - 1; i >= 0; i--) s = `id,${i % 2 === 0 ? 'profiles' : 'gigs'}!gigs_user_id_fkey(${s})`;
  return `/rest/v1/gigs?select=${q(s)}&offset=1000&${offsets.join('&')}`;
};

interface Case {
  name: string;
  path: string;
  bearer?: boolean;
  status: number;
  code?: string;
}

const refused: Case[] = [
  { name: 'the 19-character regex that stalled PGlite for minutes', path: `/rest/v1/gigs?title=match.${q('((a*){1,255}){1,6}c')}`, status: 400, code: 'PGRST190' },
  { name: 'the same with imatch, signed in', path: `/rest/v1/gigs?title=imatch.${q('((a*){1,255}){1,6}c')}`, bearer: true, status: 400, code: 'PGRST190' },
  { name: 'nested optional parts repeated 32 times', path: `/rest/v1/gigs?title=match.${q('(a?b?c?d?e?f?g?h?){1,32}z')}`, status: 400, code: 'PGRST190' },
  { name: 'a bounded repeat of 255 optional characters', path: `/rest/v1/gigs?title=match.${q('(a?){1,255}c')}`, status: 400, code: 'PGRST190' },
  { name: 'a long run of optional characters', path: `/rest/v1/gigs?title=match.${q('a?'.repeat(40))}`, status: 400, code: 'PGRST190' },
  { name: 'a back-reference', path: `/rest/v1/gigs?title=match.${q('(a+)\\1')}`, status: 400, code: 'PGRST190' },
  { name: 'a costly regex hidden in an or=() tree', path: `/rest/v1/gigs?or=${q('(title.eq.x,description.imatch."((a*){1,255}){1,6}c")')}`, status: 400, code: 'PGRST190' },
  { name: 'a costly regex among match(any) items', path: `/rest/v1/gigs?title=match(any).${q('{a,((a*){1,255}){1,6}c}')}`, status: 400, code: 'PGRST190' },
  { name: `more than ${LIMITS.regexFilters} regular expressions in one request`, path: `/rest/v1/gigs?${Array.from({ length: LIMITS.regexFilters + 1 }, () => 'title=match.a').join('&')}`, status: 400, code: 'PGRST190' },
  { name: 'a regex director (***)', path: `/rest/v1/gigs?title=match.${q('***:a')}`, status: 400, code: 'PGRST190' },
  { name: 'embeds going round gigs → profiles → gigs → profiles → gigs with offsets', path: roundTrip(4), status: 400, code: 'PGRST191' },
  { name: 'the same 5 levels deep (the attack: ~10 s on PGlite, days at the old depth limit)', path: roundTrip(5), status: 400, code: 'PGRST191' },
  { name: `more than ${LIMITS.embeds} embeds`, path: `/rest/v1/gigs?select=${q(Array.from({ length: LIMITS.embeds + 1 }, (_, i) => `p${i}:profiles!gigs_user_id_fkey(id)`).join(','))}`, status: 400, code: 'PGRST191' },
  { name: 'an or=() tree wider than the filter bound', path: `/rest/v1/gigs?or=${q(`(${Array.from({ length: LIMITS.filters + 1 }, (_, i) => `rate.eq.${i}`).join(',')})`)}`, status: 400, code: 'PGRST192' },
  { name: 'a select wider than its bound', path: `/rest/v1/gigs?select=${Array.from({ length: LIMITS.selectItems + 1 }, () => 'title').join(',')}`, status: 400, code: 'PGRST192' },
  { name: 'an order on more terms than its bound', path: `/rest/v1/gigs?order=${Array.from({ length: LIMITS.orderTerms + 1 }, () => 'title.desc').join(',')}`, status: 400, code: 'PGRST192' },
  { name: 'a like storm (many wildcards)', path: `/rest/v1/gigs?title=like.${q('*a'.repeat(LIMITS.likeWildcards + 1))}`, status: 400, code: 'PGRST193' },
  { name: 'an ilike pattern longer than its bound', path: `/rest/v1/gigs?title=ilike.${q('a'.repeat(LIMITS.likePatternLength + 1))}`, status: 400, code: 'PGRST193' },
  { name: `more than ${LIMITS.likeFilters} like patterns`, path: `/rest/v1/gigs?title=like(any).${q(`{${Array.from({ length: LIMITS.likeFilters + 1 }, () => 'a*').join(',')}}`)}`, status: 400, code: 'PGRST193' },
  { name: 'fts with a run of 1 000 operators (was 500 "tsquery stack too small")', path: `/rest/v1/gigs?title=fts.${q(`${'!'.repeat(1000)}a`)}`, status: 400, code: 'PGRST193' },
  { name: 'fts with a run of 40 operators (was 500)', path: `/rest/v1/gigs?title=fts.${q(`a&${'!'.repeat(40)}b`)}`, status: 400, code: 'PGRST193' },
  { name: 'wfts with a run of operators', path: `/rest/v1/gigs?title=wfts.${q(`${'-'.repeat(40)}a`)}`, status: 400, code: 'PGRST193' },
  { name: 'a full-text query longer than its bound', path: `/rest/v1/gigs?title=plfts.${q('a '.repeat(LIMITS.ftsQueryLength))}`, status: 400, code: 'PGRST193' },
];

const allowed: Case[] = [
  { name: 'a plain regex', path: `/rest/v1/gigs?select=title&title=match.${q('^Fen.e [0-9]$')}`, status: 200 },
  { name: 'a regex with classes, groups and a few repeats', path: `/rest/v1/gigs?select=title&title=imatch.${q('^(?:fence|wall)\\s+\\d{1,3}$')}`, status: 200 },
  { name: 'embeds that return once: gigs → profiles → gigs (the poster\'s other gigs)', path: `/rest/v1/gigs?select=${q('title,profiles!gigs_user_id_fkey(id,gigs!gigs_user_id_fkey(title))')}`, status: 200 },
  { name: 'like with a few wildcards', path: '/rest/v1/gigs?select=title&title=like.*en*e*', status: 200 },
  { name: 'fts with a few operators', path: `/rest/v1/gigs?select=title&title=fts.${q('!!fence & !wall')}`, status: 200 },
  { name: 'wfts with a negation', path: `/rest/v1/gigs?select=title&title=wfts.${q('fence -wall')}`, status: 200 },
  { name: `an or=() tree of ${LIMITS.filters} conditions`, path: `/rest/v1/gigs?select=title&or=${q(`(${Array.from({ length: LIMITS.filters }, (_, i) => `rate.eq.${i}`).join(',')})`)}`, status: 200 },
];

describe('costly requests are refused before they reach the database', () => {
  it.each(refused.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const before = await fingerprint(be);
    const a = await send(be, { path: c.path, bearer: c.bearer ? A.access : undefined });
    expect({ status: a.status, code: errorCode(a) }, a.text).toEqual({ status: c.status, code: c.code });
    expect((a.json as { message?: string }).message).toBeTruthy();
    expect(await fingerprint(be)).toBe(before);
  });
});

describe('requests within the bounds still work', () => {
  it.each(allowed.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const a = await send(be, { path: c.path, bearer: c.bearer ? A.access : undefined });
    expect(a.status, a.text).toBe(c.status);
  });

  it('and the database answers normally afterwards', async () => {
    const gigs = await send(be, { path: '/rest/v1/gigs?select=title&title=match.' + q('^Fence 1$') });
    expect([gigs.status, gigs.json]).toEqual([200, [{ title: 'Fence 1' }]]);
    expect((await send(be, { path: '/health' })).status).toBe(200);
  });
});

/**
 * Access control of /storage/v1 under attack, over real HTTP, in the shape of access.test.ts:
 * storage.objects and storage.buckets × the visitor (no token), the anon key as a token, another
 * member (B) against A's objects, tokens made without the project's secret, and signed-URL tokens
 * used where they do not belong (an access token as a URL token, an upload token to download, a
 * token for another object, an edited or foreign-signed one, an expired one). The policies are the
 * storage suites' (each member writes under their own folder; private objects are read by their
 * owner). Every scenario answers storage's error (statusCode and code) or an empty result, and
 * leaves every row of storage.objects and storage.buckets, and every stored file, as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/security/jwt';
import { startStorage, text, type StorageSetup } from '../storage/helpers';
import { WRONG_SECRET, claimsOf, forgedTokens, rowsDigest, send, type Answer } from './helpers';

let s: StorageSetup;
let dir: string;
let forged: Awaited<ReturnType<typeof forgedTokens>>;
const ids: Record<string, string> = {};

type Bearer = keyof typeof forged.bearer;
type Who = 'visitor' | 'anonKey' | 'B' | `bearer:${Bearer}`;

interface Scenario {
  name: string;
  as: Who;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  /** {A} {B} and the tokens of the setup ({download}, {upload}, {other}, …) are filled in. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The meaning (storage's statusCode); the HTTP status of an error is 400, as Supabase answers. */
  statusCode: string | null;
  code?: string;
  /** A refusal that is an empty answer (row-level security filtering): `[]`. */
  empty?: boolean;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-storage-'));
  s = await startStorage({ STORAGE_DIR: dir });
  forged = await forgedTokens(s.be, s.a.token, s.b);
  ids.A = s.a.id;
  ids.B = s.b.id;
  await s.as.a.storage.from('priv').upload(`${s.a.id}/secret.txt`, text('A private'));
  await s.as.a.storage.from('pub').upload(`${s.a.id}/shown.txt`, text('A public'));
  await s.as.b.storage.from('priv').upload(`${s.b.id}/b.txt`, text('B private'));
  const signed = await s.as.a.storage.from('priv').createSignedUrl(`${s.a.id}/secret.txt`, 600);
  ids.download = new URL(signed.data!.signedUrl).searchParams.get('token')!;
  ids.upload = (await s.as.a.storage.from('priv').createSignedUploadUrl(`${s.a.id}/up.txt`)).data!.token;
  ids.other = new URL((await s.as.b.storage.from('priv').createSignedUrl(`${s.b.id}/b.txt`, 600)).data!.signedUrl).searchParams.get('token')!;
  const claims = claimsOf(ids.download);
  ids.foreign = await signJwt(claims, WRONG_SECRET);
  const [h, , sig] = ids.download.split('.');
  ids.edited = `${h}.${Buffer.from(JSON.stringify({ ...claims, url: `priv/${s.b.id}/b.txt` })).toString('base64url')}.${sig}`;
  ids.expired = await signJwt({ ...claims, iat: 1, exp: 2 }, s.be.config.JWT_SECRET);
  ids.access = s.a.token;
});
afterAll(async () => {
  await s?.be.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const fill = (t: string) => t.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? `{${k}}`);
const O = '/storage/v1/object';
const secret = `priv/{A}/secret.txt`;
const move = { bucketId: 'priv', sourceKey: '{A}/secret.txt', destinationKey: '{B}/taken.txt' };
const denied = { statusCode: '403', code: 'AccessDenied' };
const noKey = { statusCode: '404', code: 'NoSuchKey' };
const noAuth = { statusCode: '400', code: 'InvalidRequest' };

const scenarios: Scenario[] = [
  // ── the visitor: no Authorization at all ───────────────────────────────────────────────────
  { name: 'visitor: upload into A\'s folder', as: 'visitor', method: 'POST', path: `${O}/priv/{A}/x.txt`, body: 'x', ...noAuth },
  { name: 'visitor: read A\'s private object (authenticated route)', as: 'visitor', method: 'GET', path: `${O}/authenticated/${secret}`, ...noAuth },
  { name: 'visitor: read A\'s private object (plain route)', as: 'visitor', method: 'GET', path: `${O}/${secret}`, statusCode: '404', code: 'NoSuchBucket' },
  { name: 'visitor: read it as public', as: 'visitor', method: 'GET', path: `${O}/public/${secret}`, statusCode: '404', code: 'NoSuchBucket' },
  { name: 'visitor: info of it', as: 'visitor', method: 'GET', path: `${O}/info/${secret}`, ...noAuth },
  { name: 'visitor: list the private bucket', as: 'visitor', method: 'POST', path: `${O}/list/priv`, body: { prefix: '{A}' }, ...noAuth },
  { name: 'visitor: remove it', as: 'visitor', method: 'DELETE', path: `${O}/priv`, body: { prefixes: ['{A}/secret.txt'] }, ...noAuth },
  { name: 'visitor: move it', as: 'visitor', method: 'POST', path: `${O}/move`, body: move, ...noAuth },
  { name: 'visitor: sign it', as: 'visitor', method: 'POST', path: `${O}/sign/${secret}`, body: { expiresIn: 60 }, ...noAuth },
  { name: 'visitor: create a bucket', as: 'visitor', method: 'POST', path: '/storage/v1/bucket', body: { name: 'evil' }, ...noAuth },
  { name: 'visitor: make the private bucket public', as: 'visitor', method: 'PUT', path: '/storage/v1/bucket/priv', body: { public: true }, ...noAuth },

  // ── the anon key as the token (supabase-js signed out) ─────────────────────────────────────
  { name: 'anon key: upload into A\'s folder', as: 'anonKey', method: 'POST', path: `${O}/priv/{A}/x.txt`, body: 'x', ...denied },
  { name: 'anon key: upload into the public bucket', as: 'anonKey', method: 'POST', path: `${O}/pub/{A}/x.txt`, body: 'x', ...denied },
  { name: 'anon key: read A\'s private object', as: 'anonKey', method: 'GET', path: `${O}/authenticated/${secret}`, ...noKey },
  { name: 'anon key: list A\'s private folder', as: 'anonKey', method: 'POST', path: `${O}/list/priv`, body: { prefix: '{A}' }, statusCode: null, empty: true },
  { name: 'anon key: remove A\'s public object', as: 'anonKey', method: 'DELETE', path: `${O}/pub`, body: { prefixes: ['{A}/shown.txt'] }, statusCode: null, empty: true },
  { name: 'anon key: sign A\'s private object', as: 'anonKey', method: 'POST', path: `${O}/sign/${secret}`, body: { expiresIn: 60 }, ...noKey },
  { name: 'anon key: create a bucket', as: 'anonKey', method: 'POST', path: '/storage/v1/bucket', body: { name: 'evil' }, ...denied },
  { name: 'anon key: make the private bucket public', as: 'anonKey', method: 'PUT', path: '/storage/v1/bucket/priv', body: { public: true }, statusCode: '404', code: 'NoSuchBucket' },
  { name: 'anon key: delete the public bucket', as: 'anonKey', method: 'DELETE', path: '/storage/v1/bucket/pub', statusCode: '404', code: 'NoSuchBucket' },
  { name: 'anon key: empty the private bucket', as: 'anonKey', method: 'POST', path: '/storage/v1/bucket/priv/empty', statusCode: '404', code: 'NoSuchBucket' },

  // ── another member (B) against A's objects ─────────────────────────────────────────────────
  { name: 'B: read A\'s private object', as: 'B', method: 'GET', path: `${O}/authenticated/${secret}`, ...noKey },
  { name: 'B: read it on the plain route', as: 'B', method: 'GET', path: `${O}/${secret}`, ...noKey },
  { name: 'B: its info', as: 'B', method: 'GET', path: `${O}/info/${secret}`, ...noKey },
  { name: 'B: render it', as: 'B', method: 'GET', path: `/storage/v1/render/image/authenticated/${secret}?width=10`, ...noKey },
  { name: 'B: list A\'s folder', as: 'B', method: 'POST', path: `${O}/list/priv`, body: { prefix: '{A}' }, statusCode: null, empty: true },
  { name: 'B: list-v2 the bucket', as: 'B', method: 'POST', path: `${O}/list-v2/priv`, body: { prefix: '{A}/' }, statusCode: null },
  { name: 'B: upload into A\'s folder', as: 'B', method: 'POST', path: `${O}/priv/{A}/planted.txt`, body: 'x', ...denied },
  { name: 'B: overwrite A\'s object (x-upsert)', as: 'B', method: 'POST', path: `${O}/${secret}`, headers: { 'x-upsert': 'true' }, body: 'x', ...denied },
  { name: 'B: overwrite A\'s object (update)', as: 'B', method: 'PUT', path: `${O}/${secret}`, body: 'x', ...denied },
  { name: 'B: move A\'s object to its folder', as: 'B', method: 'POST', path: `${O}/move`, body: move, ...noKey },
  { name: 'B: copy A\'s object to its folder', as: 'B', method: 'POST', path: `${O}/copy`, body: move, ...noKey },
  { name: 'B: move its own object over A\'s', as: 'B', method: 'POST', path: `${O}/move`, body: { bucketId: 'priv', sourceKey: '{B}/b.txt', destinationKey: '{A}/secret.txt' }, statusCode: '409' },
  { name: 'B: move its own object into A\'s folder', as: 'B', method: 'POST', path: `${O}/move`, body: { bucketId: 'priv', sourceKey: '{B}/b.txt', destinationKey: '{A}/planted.txt' }, ...denied },
  { name: 'B: remove A\'s object', as: 'B', method: 'DELETE', path: `${O}/priv`, body: { prefixes: ['{A}/secret.txt'] }, statusCode: null, empty: true },
  { name: 'B: remove A\'s object by path', as: 'B', method: 'DELETE', path: `${O}/${secret}`, ...noKey },
  { name: 'B: sign A\'s object', as: 'B', method: 'POST', path: `${O}/sign/${secret}`, body: { expiresIn: 60 }, ...noKey },
  { name: 'B: sign an upload into A\'s folder', as: 'B', method: 'POST', path: `${O}/upload/sign/priv/{A}/planted.txt`, ...denied },
  { name: 'B: delete the bucket', as: 'B', method: 'DELETE', path: '/storage/v1/bucket/priv', statusCode: '404', code: 'NoSuchBucket' },

  // ── signed-URL tokens where they do not belong ─────────────────────────────────────────────
  { name: 'an access token as a URL token', as: 'visitor', method: 'GET', path: `${O}/sign/${secret}?token={access}`, statusCode: '400', code: 'InvalidSignature' },
  { name: 'an upload token to download', as: 'visitor', method: 'GET', path: `${O}/sign/priv/{A}/up.txt?token={upload}`, statusCode: '400', code: 'InvalidSignature' },
  { name: 'a download token to upload', as: 'visitor', method: 'PUT', path: `${O}/upload/sign/${secret}?token={download}`, body: 'x', statusCode: '400', code: 'InvalidSignature' },
  { name: 'a token for another object', as: 'visitor', method: 'GET', path: `${O}/sign/${secret}?token={other}`, statusCode: '400', code: 'InvalidSignature' },
  { name: 'a token with its object edited', as: 'visitor', method: 'GET', path: `${O}/sign/priv/{B}/b.txt?token={edited}`, statusCode: '400', code: 'InvalidJWT' },
  { name: 'a token signed with another secret', as: 'visitor', method: 'GET', path: `${O}/sign/${secret}?token={foreign}`, statusCode: '400', code: 'InvalidJWT' },
  { name: 'an expired token', as: 'visitor', method: 'GET', path: `${O}/sign/${secret}?token={expired}`, statusCode: '400', code: 'ExpiredToken' },
  { name: 'no token', as: 'visitor', method: 'GET', path: `${O}/sign/${secret}`, statusCode: '400', code: 'MissingParameter' },
  { name: 'a download token as the session', as: 'visitor', method: 'POST', path: `${O}/priv/{A}/x.txt`, headers: { authorization: 'Bearer {download}' }, body: 'x', ...denied },
  { name: 'an upload token as the session', as: 'visitor', method: 'GET', path: `${O}/authenticated/${secret}`, headers: { authorization: 'Bearer {upload}' }, ...noKey },
];

// Every forged token, on the routes that matter: write into A's folder, read A's object.
const FORGED: Bearer[] = ['algNoneServiceRole', 'algNoneOwnClaims', 'anotherKey', 'serviceRoleWrongKey', 'serviceRoleSignatureKept', 'subOfOtherSignatureKept', 'hs512ProjectKey', 'rs256HeaderOverHmac', 'attackerKidJku', 'expired', 'notYetValid', 'twoParts', 'garbage'];
for (const f of FORGED) {
  scenarios.push(
    { name: `forged ${f}: upload into A's folder`, as: `bearer:${f}`, method: 'POST', path: `${O}/priv/{A}/forged.txt`, body: 'x', ...denied },
    { name: `forged ${f}: read A's private object`, as: `bearer:${f}`, method: 'GET', path: `${O}/authenticated/${secret}`, ...denied },
    { name: `forged ${f}: make a bucket`, as: `bearer:${f}`, method: 'POST', path: '/storage/v1/bucket', body: { name: 'evil' }, ...denied },
  );
}

async function run(sc: Scenario): Promise<Answer> {
  const bearer = sc.as === 'anonKey' ? s.be.config.ANON_KEY : sc.as === 'B' ? s.b.token : sc.as.startsWith('bearer:') ? forged.bearer[sc.as.slice(7) as Bearer] : null;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(sc.headers ?? {})) headers[k] = fill(v);
  if (typeof sc.body === 'string') headers['content-type'] = 'text/plain';
  const body = sc.body === undefined ? undefined : typeof sc.body === 'string' ? sc.body : JSON.parse(fill(JSON.stringify(sc.body)));
  return send(s.be, { method: sc.method, path: fill(sc.path), apikey: s.be.config.ANON_KEY, bearer, headers, body });
}

async function stateDigest(): Promise<string> {
  const files = fs.readdirSync(path.join(dir, 'objects'), { recursive: true }).map(String).sort().join(',');
  return `${await rowsDigest(s.be, ['storage.objects', 'storage.buckets'])}|${files}`;
}

describe('/storage/v1 refuses what the caller may not do, and changes nothing', () => {
  it('every scenario', async () => {
    const before = await stateDigest();
    const wrong: unknown[] = [];
    for (const sc of scenarios) {
      const a = await run(sc);
      const j = a.json as { statusCode?: string; code?: string } | unknown[] | { objects?: unknown[]; folders?: unknown[] };
      let ok: boolean;
      if (sc.statusCode === null) {
        ok = a.status === 200 && (sc.empty ? Array.isArray(j) && j.length === 0 : !Array.isArray(j) && (j as { objects: unknown[] }).objects.length === 0 && (j as { folders: unknown[] }).folders.length === 0);
      } else {
        const e = j as { statusCode?: string; code?: string };
        ok = a.status === 400 && e.statusCode === sc.statusCode && (sc.code === undefined || e.code === sc.code);
      }
      if (!ok) wrong.push({ name: sc.name, status: a.status, body: a.text.slice(0, 200) });
    }
    expect(wrong).toEqual([]);
    expect(await stateDigest()).toBe(before);
  });

  it('the same calls with real credentials succeed (the refusals are specific)', async () => {
    const own = await send(s.be, { method: 'GET', path: `${O}/authenticated/priv/${s.a.id}/secret.txt`, bearer: s.a.token });
    expect([own.status, own.text]).toEqual([200, 'A private']);
    const signed = await send(s.be, { method: 'GET', path: `${O}/sign/priv/${s.a.id}/secret.txt?token=${ids.download}` });
    expect([signed.status, signed.text]).toEqual([200, 'A private']);
    const service = await send(s.be, { method: 'GET', path: `${O}/authenticated/priv/${s.b.id}/b.txt`, bearer: s.be.config.SERVICE_ROLE_KEY });
    expect([service.status, service.text]).toEqual([200, 'B private']);
  });
});

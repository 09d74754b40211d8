/**
 * Compressed answers: a large /rest/v1 answer comes back brotli- or gzip-compressed when the
 * client asks for it, plain when it does not, small answers stay plain, supabase-js reads the
 * compressed answers, and a request body that says it is compressed is refused with a 4xx.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { client, createUser, seedGigs } from './helpers';

let be: TestBackend;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose Accept-Encoding is exactly what we say (fetch would add its own and decode). */
function raw(path: string, headers: Record<string, string>, method = 'GET', body?: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${be.url}${path}`, { method, headers: { apikey: be.config.ANON_KEY, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  be = await startTestBackend();
  const owner = await createUser(be, 'compress-owner@example.com');
  await seedGigs(be, owner.id, Array.from({ length: 40 }, (_, i) => ({ title: `Compressible gig ${i}`, rate: 40 + i, skills: ['React', 'TypeScript'] })));
});

afterAll(async () => {
  await be?.close();
});

describe('compressed JSON', () => {
  it('a large list comes back gzip-compressed with Accept-Encoding: gzip, and decodes to the rows', async () => {
    const res = await raw('/rest/v1/gigs?select=*', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const rows = JSON.parse(gunzipSync(res.body).toString('utf8')) as { title: string }[];
    expect(rows).toHaveLength(40);
    expect(res.body.length).toBeLessThan(gunzipSync(res.body).length / 3);
  });

  it('brotli is preferred when the client accepts both', async () => {
    const res = await raw('/rest/v1/gigs?select=*', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString('utf8'))).toHaveLength(40);
  });

  it('comes back plain without Accept-Encoding, or with identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await raw('/rest/v1/gigs?select=*', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(40);
    }
  });

  it('a small answer stays plain even when the client accepts gzip', async () => {
    const res = await raw('/rest/v1/gigs?select=id&limit=1', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(1);
  });

  it('supabase-js reads the compressed answer', async () => {
    const { data, error, count } = await client(be).from('gigs').select('*, profiles!gigs_user_id_fkey(username)', { count: 'exact' }).order('rate');
    expect(error).toBeNull();
    expect(count).toBe(40);
    expect(data?.[0]).toMatchObject({ title: 'Compressible gig 0', skills: ['React', 'TypeScript'] });
  });

  it('a compressed request body is refused with a 4xx and a stable code, on REST and on auth', async () => {
    const body = gzipSync(JSON.stringify({ title: 'x' }));
    const restAnswer = await raw('/rest/v1/gigs', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'POST', body);
    expect(restAnswer.status).toBe(400);
    expect(JSON.parse(restAnswer.body.toString('utf8'))).toMatchObject({ code: 'PGRST102', message: expect.stringMatching(/Content-Encoding/i) });
    const authAnswer = await raw('/auth/v1/signup', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'POST', body);
    expect(authAnswer.status).toBe(400);
    expect(JSON.parse(authAnswer.body.toString('utf8'))).toMatchObject({ error_code: 'validation_failed' });
  });
});

/**
 * One error shape per protocol, over real HTTP: /rest/v1 answers as PostgREST, /auth/v1 as GoTrue,
 * /storage/v1 as Supabase Storage,
 * and everything else (unknown paths, the development mailbox refusing a stranger, a malformed
 * request, a failure) with the platform body {code, message, request_id} of http/platform-error.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startTestBackend, type TestBackend } from './harness';

let be: TestBackend;
let failing: FastifyInstance;
let failingUrl: string;

beforeAll(async () => {
  be = await startTestBackend();
  // The real app with one extra route that fails the way an unexpected bug would.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1' });
  failing = await buildApp({ config, db: be.db, logger: false });
  failing.get('/_probe/boom', async () => {
    throw new Error('secret detail of a bug');
  });
  failingUrl = await failing.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await failing?.close();
  await be?.close();
});

const get = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, init);
  return { status: res.status, type: res.headers.get('content-type'), id: res.headers.get('x-request-id'), body: (await res.json()) as Record<string, unknown> };
};

describe('error bodies', () => {
  it('/rest/v1 answers in PostgREST\'s shape', async () => {
    const r = await get(`${be.url}/rest/v1/no_such_table`, { headers: { apikey: be.config.ANON_KEY } });
    expect(r.status).toBe(404);
    expect(Object.keys(r.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(r.body.code).toBe('PGRST205');
  });

  it('/auth/v1 answers in GoTrue\'s shape', async () => {
    const r = await get(`${be.url}/auth/v1/no_such_endpoint`, { headers: { apikey: be.config.ANON_KEY } });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, error_code: expect.any(String), msg: expect.any(String) });
  });

  it('/storage/v1 answers in Supabase Storage\'s shape', async () => {
    const r = await get(`${be.url}/storage/v1/no_such_route`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ statusCode: '404', code: 'InvalidRequest', error: 'Not Found', message: 'Route GET:/storage/v1/no_such_route not found' });
    const missing = await get(`${be.url}/storage/v1/object/public/none/x.txt`);
    expect([missing.status, missing.body]).toEqual([400, { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' }]);
  });

  it.each(['/no/such/path', '/realtime/v1/websocket'])('%s (an unknown path; the realtime path without a WebSocket upgrade) answers the platform body', async (p) => {
    const r = await get(`${be.url}${p}`);
    expect(r).toEqual({ status: 404, type: 'application/json; charset=utf-8', id: r.id, body: { code: 'not_found', message: 'Not found', request_id: r.id } });
    expect(r.id).toBeTruthy();
  });

  it('the development mailbox refusing a stranger is indistinguishable from an unknown path', async () => {
    const res = await be.app.inject({ url: '/_dev/mailbox.json', remoteAddress: '203.0.113.7', headers: { host: 'need40.example' } });
    const id = res.headers['x-request-id'];
    expect([res.statusCode, res.json()]).toEqual([404, { code: 'not_found', message: 'Not found', request_id: id }]);
  });

  it('a malformed request outside the areas is a 4xx in the platform body', async () => {
    const r = await get(`${be.url}/no/such/path`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(Object.keys(r.body).sort()).toEqual(['code', 'message', 'request_id']);
    expect(r.body.request_id).toBe(r.id);
  });

  it('a failure outside the areas is a 500 internal_error that names no cause', async () => {
    const r = await get(`${failingUrl}/_probe/boom`);
    expect(r).toEqual({ status: 500, type: 'application/json; charset=utf-8', id: r.id, body: { code: 'internal_error', message: 'Internal server error', request_id: r.id } });
    expect(JSON.stringify(r.body)).not.toContain('secret');
  });
});

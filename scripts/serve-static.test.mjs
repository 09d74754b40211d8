// `node --test scripts/serve-static.test.mjs` (part of `pnpm test:scripts`): the caching rules the
// static host applies (docs/releasing.md, "Caching"), over real HTTP: a published version's files
// a year and immutable, the registry and the shell's HTML no-cache, hashed files immutable, and
// nothing but the store's served folders reachable through a mount; the shell CSP's backend origins.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { contentSecurityPolicy, releaseStoreMounts, startStaticServer } from './serve-static.mjs';

let dir;
let server;
let base;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'need40-serve-'));
  const put = (file, text) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  put('shell/index.html', '<!doctype html><title>x</title>');
  put('shell/main.0123456789.js', 'console.log(1)');
  put('shell/remotes.json', '{}');
  put('store/releases/campaign/0.1.0+abcdef0123/mf-manifest.json', '{}');
  put('store/releases/campaign/0.1.0+abcdef0123/remoteEntry.js', 'var campaign');
  put('store/releases/campaign/.staging-1/remoteEntry.js', 'half');
  put('store/registry/production.json', '{"revision":1}');
  mkdirSync(path.join(dir, 'store/registry/production.json.lock'), { recursive: true });
  put('store/history/production.jsonl', '{}');
  server = await startStaticServer({ root: path.join(dir, 'shell'), port: 0, mounts: releaseStoreMounts(path.join(dir, 'store')) });
  base = `http://127.0.0.1:${server.port}`;
});
after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (p, headers = {}) => fetch(`${base}${p}`, { headers });

test('a published version is cached for a year, immutable, whatever the file', async () => {
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    const res = await get(`/releases/campaign/0.1.0+abcdef0123/${file}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  }
});

test('the registry, the shell HTML and remotes.json are revalidated on every load', async () => {
  for (const p of ['/registry/production.json', '/', '/remotes.json']) {
    assert.equal((await get(p)).headers.get('cache-control'), 'no-cache', p);
  }
  assert.equal((await get('/main.0123456789.js')).headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('a registry replaced by a rename gets a new ETag; an unchanged one answers 304', async () => {
  const first = await get('/registry/production.json');
  const etag = first.headers.get('etag');
  assert.equal((await get('/registry/production.json', { 'if-none-match': etag })).status, 304);
  const file = path.join(dir, 'store/registry/production.json');
  writeFileSync(`${file}.tmp`, '{"revision":2}');
  const { renameSync } = await import('node:fs');
  renameSync(`${file}.tmp`, file);
  const second = await get('/registry/production.json', { 'if-none-match': etag });
  assert.equal(second.status, 200);
  assert.equal(await second.text(), '{"revision":2}');
});

test('an absent registry is a plain 404 (nothing released), never the shell page', async () => {
  const res = await get('/registry/staging.json');
  assert.equal(res.status, 404);
  assert.equal(res.headers.get('cache-control'), 'no-cache');
});

test('lock files, staging folders, the history and paths out of the store are not served', async () => {
  assert.equal((await get('/releases/campaign/.staging-1/remoteEntry.js')).status, 403);
  assert.equal((await get('/registry/production.json.lock')).status, 404);
  // Sent as is (fetch would normalise the path first): the server's own check refuses it.
  const raw = await new Promise((resolve) => http.get({ host: '127.0.0.1', port: server.port, path: '/registry/..%2fhistory/production.jsonl' }, (res) => resolve(res.statusCode)));
  assert.equal(raw, 403);
  assert.equal((await get('/history/production.jsonl')).status, 404);
});

test("the shell's CSP lets the page reach its backend and show its images (profile photos), even over plain http", async () => {
  const config = path.join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ supabaseUrl: 'http://127.0.0.1:5999' }));
  const csp = await contentSecurityPolicy(path.join(dir, 'shell'), [], { '/config.json': config });
  const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
  assert.ok(directives['img-src'].includes('http://127.0.0.1:5999'), directives['img-src'].join(' '));
  assert.ok(directives['connect-src'].includes('ws://127.0.0.1:5999'));
  assert.ok(!directives['script-src'].includes('http://127.0.0.1:5999'));
});

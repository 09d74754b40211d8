/**
 * The limits of an upload, over HTTP: the bucket's and the server's size limit (declared or found
 * while streaming), allowed types, images checked by their bytes, odd and traversing names, the
 * member's quota — each refused with storage's error, before or while the bytes arrive, leaving no
 * row and no file behind. And how bytes are served: ranges, attachments, active content sandboxed.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, startStorage, text, type StorageSetup } from './helpers';

let s: StorageSetup;
let dir: string;
const QUOTA = 40_000;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-limits-'));
  s = await startStorage({ STORAGE_DIR: dir, STORAGE_QUOTA_PER_MEMBER: String(QUOTA) });
  await s.be.db.transaction((tx) => tx.exec(`insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ('lim', 'lim', true, 1000, '{image/png,text/plain,image/svg+xml,text/html}')`));
});
afterAll(async () => {
  await s?.be.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const files = () => (fs.existsSync(path.join(dir, 'objects')) ? fs.readdirSync(path.join(dir, 'objects'), { recursive: true }).filter((f) => /[0-9a-f-]{36}$/.test(String(f))).length : 0);
const rows = async () => (await s.be.db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from storage.objects'))).rows[0]!.n;

/** A raw upload whose path is sent exactly as written (fetch would resolve `..` and `.` first). */
function rawPut(key: string, body: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(s.be.url);
    const req = http.request({ hostname, port, path: `/storage/v1/object/lim/${key}`, method: 'POST', headers: { authorization: `Bearer ${s.a.token}`, 'content-type': 'text/plain', 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(new Response(text, { status: res.statusCode })));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw upload with A's token. */
function put(key: string, body: string, headers: Record<string, string> = {}, bucket = 'lim') {
  return fetch(`${s.be.url}/storage/v1/object/${bucket}/${key}`, { method: 'POST', body, headers: { authorization: `Bearer ${s.a.token}`, 'content-type': 'text/plain', ...headers }, duplex: 'half' } as RequestInit);
}

describe('refused uploads leave nothing behind', () => {
  it('size (declared, then found while streaming), type, content, names', async () => {
    const before = { files: files(), rows: await rows() };
    const a = s.a.id;
    const cases: [string, Promise<Response>, string, string][] = [
      ['declared too large', put(`${a}/big.txt`, 'x'.repeat(1001)), '413', 'EntityTooLarge'],
      ['too large while streaming (a form)', (async () => { const f = new FormData(); f.append('', new Blob(['y'.repeat(5000)], { type: 'text/plain' })); return fetch(`${s.be.url}/storage/v1/object/lim/${a}/form.txt`, { method: 'POST', body: f, headers: { authorization: `Bearer ${s.a.token}` } }); })(), '413', 'EntityTooLarge'],
      ['a type the bucket does not take', put(`${a}/doc.pdf`, 'x', { 'content-type': 'application/pdf' }), '415', 'InvalidMimeType'],
      ['text that says it is a PNG', put(`${a}/fake.png`, '<html><script>alert(1)</script></html>', { 'content-type': 'image/png' }), '415', 'InvalidMimeType'],
      ['a traversing name', rawPut(`${a}/../b.txt`, 'x'), '400', 'InvalidKey'],
      ['an encoded traversal', rawPut(`${a}/%2E%2E/b.txt`, 'x'), '400', 'InvalidKey'],
      ['an empty segment', put(`${a}//b.txt`, 'x'), '400', 'InvalidKey'],
      ['a dot segment', rawPut(`${a}/./b.txt`, 'x'), '400', 'InvalidKey'],
      ['a name outside the safe characters', put(`${a}/caf%C3%A9.txt`, 'x'), '400', 'InvalidKey'],
      ['a backslash', put(`${a}/a%5Cb.txt`, 'x'), '400', 'InvalidKey'],
      ['a key over 1,024 bytes', put(`${a}/${'k'.repeat(1100)}`, 'x'), '400', 'InvalidKey'],
      ['a malformed content type', put(`${a}/t.txt`, 'x', { 'content-type': 'text plain' }), '415', 'InvalidMimeType'],
      ['no such bucket', put(`${a}/t.txt`, 'x', {}, 'nope'), '404', 'NoSuchBucket'],
    ];
    for (const [name, res, statusCode, code] of cases) {
      const r = await res;
      expect({ name, status: r.status, body: await r.json() }).toMatchObject({ name, status: 400, body: { statusCode, code } });
    }
    expect({ files: files(), rows: await rows() }).toEqual(before);
  });

  it('a real PNG and text are taken', async () => {
    expect((await s.as.a.storage.from('lim').upload(`${s.a.id}/ok.png`, await png(8, 8), { contentType: 'image/png' })).error).toBeNull();
    expect((await s.as.a.storage.from('lim').upload(`${s.a.id}/ok.txt`, text('fine'))).error).toBeNull();
  });

  it("the member's quota: refused when the upload would pass it, declared or not", async () => {
    const big = Buffer.alloc(15_000, 1);
    expect((await s.as.b.storage.from('priv').upload(`${s.b.id}/q1.bin`, big, { contentType: 'application/octet-stream' })).error).toBeNull();
    expect((await s.as.b.storage.from('priv').upload(`${s.b.id}/q2.bin`, big, { contentType: 'application/octet-stream' })).error).toBeNull();
    const over = await s.as.b.storage.from('priv').upload(`${s.b.id}/q3.bin`, new Blob([big]));
    expect(over.error).toMatchObject({ statusCode: '413', message: `The member's storage quota (${QUOTA} bytes) would be exceeded` });
    // Replacing an object counts its new size, not both.
    expect((await s.as.b.storage.from('priv').upload(`${s.b.id}/q2.bin`, big, { upsert: true, contentType: 'application/octet-stream' })).error).toBeNull();
  });
});

describe('serving', () => {
  it('a byte range, a download name, and active content only as a sandboxed attachment', async () => {
    await s.as.a.storage.from('lim').upload(`${s.a.id}/range.txt`, text('0123456789'));
    const url = (k: string) => `${s.be.url}/storage/v1/object/public/lim/${s.a.id}/${k}`;
    const part = await fetch(url('range.txt'), { headers: { range: 'bytes=2-5' } });
    expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([206, 'bytes 2-5/10', '2345']);
    expect((await fetch(url('range.txt'), { headers: { range: 'bytes=50-' } })).status).toBe(416);
    for (const [k, type] of [['x.svg', 'image/svg+xml'], ['x.html', 'text/html']] as const) {
      await s.as.a.storage.from('lim').upload(`${s.a.id}/${k}`, new Blob(['<svg onload="alert(1)"/>'], { type }));
      const res = await fetch(url(k));
      await res.arrayBuffer();
      expect([res.headers.get('content-disposition'), res.headers.get('content-security-policy'), res.headers.get('x-content-type-options')]).toEqual([`attachment; filename="${k}"; filename*=UTF-8''${k}`, "sandbox; default-src 'none'", 'nosniff']);
    }
    const download = await fetch(`${url('range.txt')}?download=`);
    await download.arrayBuffer(); // every body is read: an unread one keeps its connection (and the backend's close) waiting
    expect(download.headers.get('content-disposition')).toBe('attachment');
  });
});

/**
 * The S3-compatible object store (STORAGE_BACKEND=s3), against a local S3 server (s3rver, an
 * in-process fake of S3's REST API): an upload of known length (PutObject) and of unknown length (a
 * form: multipart upload), a download and a byte range, a copy, a remove, and a resumable upload
 * handed over to S3. What only a real S3 or MinIO can confirm is in docs/compatibility/storage.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStorage, text, type StorageSetup } from './helpers';

let s: StorageSetup;
let s3: S3rver;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: 'need40', configs: [] }] });
  const { port } = await s3.run();
  s = await startStorage({
    STORAGE_BACKEND: 's3', STORAGE_S3_BUCKET: 'need40', STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`, STORAGE_S3_PREFIX: 'objects/',
    STORAGE_S3_ACCESS_KEY_ID: 'S3RVER', STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await s?.be.close();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stored = () => {
  const objects = path.join(dir, 'need40', 'objects');
  return fs.existsSync(objects) ? fs.readdirSync(objects).filter((f) => f.endsWith('._S3rver_object')).length : 0;
};

it('uploads (known and unknown length), downloads, ranges, copies and removes through S3', async () => {
  const st = s.as.a.storage.from('priv');
  const key = (n: string) => `${s.a.id}/${n}`;
  expect((await st.upload(key('raw.bin'), Buffer.alloc(3 * 1024 * 1024, 7), { contentType: 'application/octet-stream' })).error).toBeNull();
  expect((await st.upload(key('form.txt'), text('through a form'))).error).toBeNull();
  expect(Buffer.from(await (await st.download(key('raw.bin'))).data!.arrayBuffer()).equals(Buffer.alloc(3 * 1024 * 1024, 7))).toBe(true);
  expect(await (await st.download(key('form.txt'))).data!.text()).toBe('through a form');
  const { data } = await st.createSignedUrl(key('form.txt'), 60);
  const part = await fetch(data!.signedUrl, { headers: { range: 'bytes=8-11' } });
  expect([part.status, await part.text()]).toEqual([206, 'a fo']);
  expect((await st.copy(key('form.txt'), key('copy.txt'))).error).toBeNull();
  expect(await (await st.download(key('copy.txt'))).data!.text()).toBe('through a form');
  expect(stored()).toBe(3);
  await st.remove([key('raw.bin'), key('form.txt'), key('copy.txt')]);
  expect(stored()).toBe(0);
});

it('a resumable upload, once finished, is handed over to S3', async () => {
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const headers = { authorization: `Bearer ${s.a.token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${s.be.url}/storage/v1/upload/resumable`, {
    method: 'POST', headers: { ...headers, 'upload-length': '9', 'upload-metadata': `bucketName ${b64('priv')},objectName ${b64(`${s.a.id}/tus.txt`)},contentType ${b64('text/plain')}` },
  });
  const patch = await fetch(created.headers.get('location')!, { method: 'PATCH', headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: 'resumable' });
  expect(patch.status).toBe(204);
  expect(await (await s.as.a.storage.from('priv').download(`${s.a.id}/tus.txt`)).data!.text()).toBe('resumable');
  expect(stored()).toBe(1);
});

/**
 * Resumable uploads (TUS) with tus-js-client, as Supabase's docs use it: 6 MB chunks to
 * /storage/v1/upload/resumable with the session's token, bucketName/objectName/contentType in the
 * metadata. Also: the policy is checked when the upload is created, nobody else may continue it,
 * and a signed upload token (x-signature) works without a session.
 */
import { randomBytes } from 'node:crypto';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStorage, type StorageSetup } from './helpers';

let s: StorageSetup;
beforeAll(async () => {
  s = await startStorage();
});
afterAll(async () => {
  await s?.be.close();
});

function upload(body: Buffer, opts: { bucket: string; name: string; headers: Record<string, string>; signed?: boolean; type?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(body, {
      endpoint: `${s.be.url}/storage/v1/upload/resumable${opts.signed ? '/sign' : ''}`,
      headers: opts.headers,
      chunkSize: 6 * 1024 * 1024,
      retryDelays: [],
      uploadDataDuringCreation: false,
      metadata: { bucketName: opts.bucket, objectName: opts.name, contentType: opts.type ?? 'application/octet-stream', cacheControl: '3600' },
      onError: (e) => reject(e),
      onSuccess: () => resolve(u.url ?? ''),
    });
    u.start();
  });
}

it('uploads 7 MB in two chunks; the object downloads whole', async () => {
  const body = randomBytes(7 * 1024 * 1024);
  const name = `${s.a.id}/big.bin`;
  await upload(body, { bucket: 'priv', name, headers: { authorization: `Bearer ${s.a.token}` } });
  const { data } = await s.as.a.storage.from('priv').download(name);
  expect(Buffer.from(await data!.arrayBuffer()).equals(body)).toBe(true);
  expect((await s.as.a.storage.from('priv').info(name)).data).toMatchObject({ size: body.length, cacheControl: 'max-age=3600' });
});

it("is refused before any byte when the policy says no, and B cannot continue A's upload", async () => {
  await expect(upload(Buffer.from('x'), { bucket: 'priv', name: `${s.a.id}/by-b.bin`, headers: { authorization: `Bearer ${s.b.token}` } })).rejects.toThrow(/403|row-level security/);
  // A creates an upload and leaves it unfinished; B's PATCH to it is refused.
  const created = await fetch(`${s.be.url}/storage/v1/upload/resumable`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.a.token}`, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `bucketName ${b64('priv')},objectName ${b64(`${s.a.id}/half.bin`)}` },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const patch = await fetch(location, { method: 'PATCH', headers: { authorization: `Bearer ${s.b.token}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: '0123456789' });
  expect([patch.status, await patch.text()]).toEqual([404, 'Upload not found']);
  expect((await s.as.a.storage.from('priv').exists(`${s.a.id}/half.bin`)).data).toBe(false);
});

it('a signed upload token works without a session; an image must be one', async () => {
  const { data } = await s.as.a.storage.from('pub').createSignedUploadUrl(`${s.a.id}/tus-signed.bin`);
  await upload(Buffer.from('signed resumable'), { bucket: 'pub', name: `${s.a.id}/tus-signed.bin`, headers: { 'x-signature': data!.token }, signed: true });
  expect(await (await s.as.anon.storage.from('pub').download(`${s.a.id}/tus-signed.bin`)).data!.text()).toBe('signed resumable');
  await expect(upload(Buffer.from('not a png'), { bucket: 'priv', name: `${s.a.id}/fake.png`, headers: { authorization: `Bearer ${s.a.token}` }, type: 'image/png' })).rejects.toThrow(/415|content is not image\/png/);
});

const b64 = (v: string) => Buffer.from(v).toString('base64');

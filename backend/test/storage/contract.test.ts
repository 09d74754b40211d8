/**
 * /storage/v1 through supabase-js's own storage client (storage-js 2.119), over HTTP against the
 * real backend: buckets, uploads (form and raw body, x-upsert), downloads, info and exists, list
 * and list-v2, move, copy, remove, public and signed URLs, signed uploads, image transforms, and
 * row-level security deciding each of them. Error answers carry storage's {statusCode, code}.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, startStorage, text, type StorageSetup } from './helpers';

let s: StorageSetup;
beforeAll(async () => {
  s = await startStorage();
});
afterAll(async () => {
  await s?.be.close();
});

const pathA = (name: string) => `${s.a.id}/${name}`;

describe('buckets', () => {
  it('the service role creates, reads, lists, updates, empties and deletes a bucket', async () => {
    const st = s.as.service.storage;
    expect(await st.createBucket('tmp', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] })).toEqual({ data: { name: 'tmp' }, error: null });
    const { data: bucket } = await st.getBucket('tmp');
    expect(bucket).toMatchObject({ id: 'tmp', name: 'tmp', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['image/*'] });
    // With Need40's own buckets (supabase/migrations/20241201000100_storage_buckets.sql).
    expect((await st.listBuckets()).data!.map((b) => b.id)).toEqual(['attachments', 'avatars', 'deliveries', 'portfolio', 'priv', 'pub', 'tmp']);
    expect((await st.updateBucket('tmp', { public: true, fileSizeLimit: null })).data).toEqual({ message: 'Successfully updated' });
    expect((await st.getBucket('tmp')).data).toMatchObject({ public: true, file_size_limit: null });
    expect((await st.from('tmp').upload('x.png', await png(4, 4), { contentType: 'image/png' })).error).toBeNull();
    expect((await st.deleteBucket('tmp')).error).toMatchObject({ statusCode: '409', code: 'ResourceNotEmpty' });
    expect((await st.emptyBucket('tmp')).data).toEqual({ message: 'Successfully emptied' });
    expect((await st.deleteBucket('tmp')).data).toEqual({ message: 'Successfully deleted' });
    expect((await st.getBucket('tmp')).error).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('a member cannot create a bucket without a policy; a duplicate is a 409', async () => {
    expect((await s.as.a.storage.createBucket('mine')).error).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied' });
    expect((await s.as.service.storage.createBucket('pub')).error).toMatchObject({ statusCode: '409', code: 'BucketAlreadyExists' });
    expect((await s.as.service.storage.createBucket('bad/name')).error).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' });
  });
});

describe('objects', () => {
  it('uploads a form (Blob) and a raw body, downloads the same bytes, reads info and existence', async () => {
    const st = s.as.a.storage.from('priv');
    const up = await st.upload(pathA('note.txt'), text('hello storage'));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: pathA('note.txt'), fullPath: `priv/${pathA('note.txt')}` });
    const raw = await st.upload(pathA('raw.bin'), Buffer.from([1, 2, 3, 4]), { contentType: 'application/octet-stream', cacheControl: '60' });
    expect(raw.error).toBeNull();
    expect(await (await st.download(pathA('note.txt'))).data!.text()).toBe('hello storage');
    expect(Buffer.from(await (await st.download(pathA('raw.bin'))).data!.arrayBuffer())).toEqual(Buffer.from([1, 2, 3, 4]));
    const { data: info } = await st.info(pathA('raw.bin'));
    expect(info).toMatchObject({ name: pathA('raw.bin'), bucketId: 'priv', size: 4, contentType: 'application/octet-stream', cacheControl: 'max-age=60' });
    expect((await st.exists(pathA('raw.bin'))).data).toBe(true);
    expect((await st.exists(pathA('nothing.bin'))).data).toBe(false);
  });

  it('refuses a second upload to the same name unless x-upsert; update replaces', async () => {
    const st = s.as.a.storage.from('priv');
    await st.upload(pathA('dup.txt'), text('one'));
    expect((await st.upload(pathA('dup.txt'), text('two'))).error).toMatchObject({ statusCode: '409' });
    expect((await st.upload(pathA('dup.txt'), text('three'), { upsert: true })).error).toBeNull();
    expect(await (await st.download(pathA('dup.txt'))).data!.text()).toBe('three');
    expect((await st.update(pathA('dup.txt'), text('four'))).error).toBeNull();
    expect(await (await st.download(pathA('dup.txt'))).data!.text()).toBe('four');
  });

  it('lists a folder (v1: sub-folders, search, sort, paging) and keys (v2: cursor, delimiter)', async () => {
    const st = s.as.a.storage.from('pub');
    for (const n of ['list/a.txt', 'list/b.txt', 'list/c.txt', 'list/sub/d.txt', 'list/sub/e.txt']) await st.upload(pathA(n), text(n));
    const v1 = await st.list(pathA('list'));
    expect(v1.data!.map((e) => [e.name, e.id === null])).toEqual([['a.txt', false], ['b.txt', false], ['c.txt', false], ['sub', true]]);
    expect((await st.list(pathA('list'), { search: 'b' })).data!.map((e) => e.name)).toEqual(['b.txt']);
    expect((await st.list(pathA('list'), { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } })).data!.map((e) => e.name)).toEqual(['c.txt', 'b.txt']);
    const page1 = await st.listV2({ prefix: pathA('list/'), limit: 3 });
    expect(page1.data!.objects.map((o) => o.name)).toEqual(['a.txt', 'b.txt', 'c.txt'].map((n) => pathA(`list/${n}`)));
    expect(page1.data!.hasNext).toBe(true);
    const page2 = await st.listV2({ prefix: pathA('list/'), limit: 3, cursor: page1.data!.nextCursor });
    expect(page2.data!.objects.map((o) => o.name)).toEqual(['sub/d.txt', 'sub/e.txt'].map((n) => pathA(`list/${n}`)));
    expect(page2.data!.hasNext).toBe(false);
    const folded = await st.listV2({ prefix: pathA('list/'), with_delimiter: true });
    expect(folded.data!.folders.map((f) => f.name)).toEqual([pathA('list/sub/')]);
    expect(folded.data!.objects).toHaveLength(3);
  });

  it('moves, copies and removes', async () => {
    const st = s.as.a.storage.from('priv');
    await st.upload(pathA('m/one.txt'), text('moving'));
    expect((await st.move(pathA('m/one.txt'), pathA('m/two.txt'))).data).toEqual({ message: 'Successfully moved' });
    expect((await st.download(pathA('m/one.txt'))).error).toBeTruthy();
    expect(await (await st.download(pathA('m/two.txt'))).data!.text()).toBe('moving');
    expect((await st.copy(pathA('m/two.txt'), pathA('m/three.txt'))).data).toEqual({ path: `priv/${pathA('m/three.txt')}` });
    expect(await (await st.download(pathA('m/three.txt'))).data!.text()).toBe('moving');
    const removed = await st.remove([pathA('m/two.txt'), pathA('m/three.txt'), pathA('m/none.txt')]);
    expect(removed.data!.map((o) => o.name).sort()).toEqual([pathA('m/three.txt'), pathA('m/two.txt')]);
    expect((await st.list(pathA('m'))).data).toEqual([]);
  });
});

describe('URLs', () => {
  it('a public bucket serves without a token; a private one does not', async () => {
    await s.as.a.storage.from('pub').upload(pathA('hello.txt'), text('public hello'));
    const url = s.as.anon.storage.from('pub').getPublicUrl(pathA('hello.txt')).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public hello');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    const download = await fetch(s.as.anon.storage.from('pub').getPublicUrl(pathA('hello.txt'), { download: 'hi.txt' }).data.publicUrl);
    expect(await download.text()).toBe('public hello');
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="hi.txt"');
    await s.as.a.storage.from('priv').upload(pathA('secret.txt'), text('private'));
    const hidden = await fetch(s.as.anon.storage.from('priv').getPublicUrl(pathA('secret.txt')).data.publicUrl);
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('signs download URLs (one, many) for readable objects only; a token is good for its object only', async () => {
    const st = s.as.a.storage.from('priv');
    await st.upload(pathA('signed.txt'), text('signed bytes'));
    const { data } = await st.createSignedUrl(pathA('signed.txt'), 60);
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed bytes');
    expect(res.headers.get('expires')).toBeTruthy();
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const other = await fetch(`${s.be.url}/storage/v1/object/sign/priv/${pathA('secret.txt')}?token=${token}`);
    expect(await other.json()).toMatchObject({ code: 'InvalidSignature' });
    const many = await st.createSignedUrls([pathA('signed.txt'), pathA('missing.txt')], 60);
    expect(many.data!.map((d) => d.error)).toEqual([null, 'Either the object does not exist or you do not have access to it']);
    expect((await s.as.b.storage.from('priv').createSignedUrl(pathA('signed.txt'), 60)).error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    s.be.advanceClock(61_000);
    expect(await (await fetch(data!.signedUrl)).json()).toMatchObject({ code: 'ExpiredToken' });
    s.be.advanceClock(-61_000);
  });

  it('signed upload URLs: made for a key the caller may write, used without a session', async () => {
    const { data, error } = await s.as.a.storage.from('priv').createSignedUploadUrl(pathA('via-token.txt'));
    expect(error).toBeNull();
    const up = await s.as.anon.storage.from('priv').uploadToSignedUrl(pathA('via-token.txt'), data!.token, text('by token'));
    expect(up.error).toBeNull();
    expect(await (await s.as.a.storage.from('priv').download(pathA('via-token.txt'))).data!.text()).toBe('by token');
    expect((await s.as.b.storage.from('priv').createSignedUploadUrl(pathA('stolen.txt'))).error).toMatchObject({ statusCode: '403' });
    const download = await fetch(`${s.be.url}/storage/v1/object/sign/priv/${pathA('via-token.txt')}?token=${data!.token}`);
    expect(await download.json()).toMatchObject({ code: 'InvalidSignature' });
  });
});

describe('image transforms', () => {
  it('resizes (cover, contain, fill), re-encodes and answers 304 for the same transformation', async () => {
    await s.as.a.storage.from('pub').upload(pathA('photo.png'), await png(120, 80), { contentType: 'image/png' });
    const cover = await s.as.a.storage.from('pub').download(pathA('photo.png'), { transform: { width: 40, height: 40, resize: 'cover' } });
    expect(await sharp(Buffer.from(await cover.data!.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 40 });
    const url = s.as.anon.storage.from('pub').getPublicUrl(pathA('photo.png'), { transform: { width: 60, resize: 'contain', quality: 50 } }).data.publicUrl;
    const res = await fetch(url, { headers: { accept: 'image/webp' } });
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 60, height: 40 });
    expect((await fetch(url, { headers: { accept: 'image/webp', 'if-none-match': res.headers.get('etag')! } })).status).toBe(304);
    const { data } = await s.as.a.storage.from('pub').createSignedUrl(pathA('photo.png'), 60, { transform: { width: 30, height: 10, resize: 'fill' } });
    const signed = await fetch(data!.signedUrl);
    expect(await sharp(Buffer.from(await signed.arrayBuffer())).metadata()).toMatchObject({ width: 30, height: 10 });
    const notImage = await fetch(s.as.anon.storage.from('pub').getPublicUrl(pathA('hello.txt'), { transform: { width: 10 } }).data.publicUrl);
    expect(await notImage.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });
});

describe('row-level security', () => {
  it("B can neither read, overwrite, move, sign nor remove A's private objects", async () => {
    const b = s.as.b.storage.from('priv');
    await s.as.a.storage.from('priv').upload(pathA('mine.txt'), text('A only'));
    expect((await b.download(pathA('mine.txt'))).error).toBeTruthy();
    expect((await b.upload(pathA('mine.txt'), text('B was here'), { upsert: true })).error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    expect((await b.upload(pathA('new.txt'), text('B was here'))).error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    expect((await b.move(pathA('mine.txt'), `${s.b.id}/taken.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await b.copy(pathA('mine.txt'), `${s.b.id}/taken.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await b.remove([pathA('mine.txt')])).data).toEqual([]);
    expect((await b.list(s.a.id)).data).toEqual([]);
    expect(await (await s.as.a.storage.from('priv').download(pathA('mine.txt'))).data!.text()).toBe('A only');
    expect((await s.as.anon.storage.from('pub').upload('anon.txt', text('x'))).error).toMatchObject({ statusCode: '403' });
  });
});

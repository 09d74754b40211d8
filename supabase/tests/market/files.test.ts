/**
 * The product's files over real HTTP through supabase-js (supabase/migrations/20241201*): profile
 * photos in the public avatars bucket, portfolio items with their files, and message attachments
 * in the private attachments bucket, read by the application's two parties only.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apply, as, postGig, refusal, rpc, sql, useMarket } from './helpers';

const m = useMarket();
let app: string;
let jpeg: Blob;

beforeAll(async () => {
  app = await apply(m.be, m.worker, await postGig(m.be, m.poster, { title: 'Paint the fence' }));
  jpeg = new Blob([new Uint8Array(await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer())], { type: 'image/jpeg' });
});

const statusOf = (error: unknown) => (error as { statusCode?: string } | null)?.statusCode;

describe('profile photos (avatars, public)', () => {
  it('the member stores a photo in their folder, points the profile at it, and anyone sees it resized', async () => {
    const path = `${m.worker.id}/photo-1.jpg`;
    expect((await as(m.be, m.worker).storage.from('avatars').upload(path, jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await as(m.be, m.worker).from('profiles').update({ avatar_url: path }).eq('id', m.worker.id).select('avatar_url')).data).toEqual([{ avatar_url: path }]);
    const url = as(m.be).storage.from('avatars').getPublicUrl(path, { transform: { width: 64, height: 64, resize: 'cover' } }).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 64, height: 64 });
  });

  it("refuses another member's folder, a file that is not an image, and a profile pointing at someone else's file", async () => {
    const other = await as(m.be, m.stranger).storage.from('avatars').upload(`${m.worker.id}/photo-2.jpg`, jpeg, { contentType: 'image/jpeg' });
    expect(statusOf(other.error)).toBe('403');
    const text = await as(m.be, m.worker).storage.from('avatars').upload(`${m.worker.id}/notes.txt`, new Blob(['hello'], { type: 'text/plain' }));
    expect(statusOf(text.error)).toBe('415');
    expect((await as(m.be, m.stranger).storage.from('avatars').remove([`${m.worker.id}/photo-1.jpg`])).data).toEqual([]);
    const foreign = await as(m.be, m.stranger).from('profiles').update({ avatar_url: `${m.worker.id}/photo-1.jpg` }).eq('id', m.stranger.id);
    expect(foreign.error?.code).toBe('23514');
  });
});

describe('portfolio items', () => {
  it('the member adds items with a link or a file; anyone reads them; nobody else changes them; at most 12', async () => {
    const worker = as(m.be, m.worker);
    const file = `${m.worker.id}/work.jpg`;
    expect((await worker.storage.from('portfolio').upload(file, jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    const added = await worker.from('portfolio_items').insert([{ title: 'Fence', file_path: file, file_type: 'image/jpeg' }, { title: 'Site', link: 'https://example.com' }]).select('id, title');
    expect(added.data).toHaveLength(2);
    expect((await as(m.be).from('portfolio_items').select('title').eq('user_id', m.worker.id).order('title')).data).toEqual([{ title: 'Fence' }, { title: 'Site' }]);
    expect((await as(m.be, m.stranger).from('portfolio_items').update({ title: 'Mine' }).eq('user_id', m.worker.id).select()).data).toEqual([]);
    expect((await as(m.be, m.stranger).from('portfolio_items').delete().eq('user_id', m.worker.id).select()).data).toEqual([]);
    expect((await worker.from('portfolio_items').insert({ title: 'Bad', link: 'javascript:alert(1)' })).error?.code).toBe('23514');
    expect((await worker.from('portfolio_items').insert({ title: 'Theirs', file_path: `${m.poster.id}/x.jpg` })).error?.code).toBe('23514');
    expect((await worker.from('portfolio_items').insert({ title: 'Nothing' })).error?.code).toBe('23514');
    const ten = Array.from({ length: 10 }, (_, i) => ({ title: `Item ${i}`, link: `https://example.com/${i}` }));
    expect((await worker.from('portfolio_items').insert(ten)).error).toBeNull();
    const thirteenth = await worker.from('portfolio_items').insert({ title: 'One too many', link: 'https://example.com/13' });
    expect(thirteenth.error).toMatchObject({ code: '22023', message: 'A portfolio holds at most 12 items' });
  });
});

describe('message attachments (attachments, private)', () => {
  const folder = () => `${app}/${m.worker.id}`;

  it('a party sends a file; the other party downloads it; a third member neither reads nor writes there', async () => {
    const path = `${folder()}/quote.pdf`;
    const pdf = new Blob(['%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], { type: 'application/pdf' });
    expect((await as(m.be, m.worker).storage.from('attachments').upload(path, pdf, { contentType: 'application/pdf' })).error).toBeNull();
    const sent = await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: '', p_attachment_path: path });
    expect(sent.data).toMatchObject({ body: '', attachment_path: path, attachment_name: 'quote.pdf', attachment_type: 'application/pdf' });
    expect((await as(m.be, m.poster).storage.from('attachments').download(path)).error).toBeNull();
    expect((await as(m.be, m.stranger).storage.from('attachments').download(path)).data).toBeNull();
    expect((await as(m.be).storage.from('attachments').createSignedUrl(path, 60)).data).toBeNull();
    const intrude = await as(m.be, m.stranger).storage.from('attachments').upload(`${app}/${m.stranger.id}/x.txt`, new Blob(['x'], { type: 'text/plain' }));
    expect(statusOf(intrude.error)).toBe('403');
    const impersonate = await as(m.be, m.poster).storage.from('attachments').upload(`${folder()}/x.txt`, new Blob(['x'], { type: 'text/plain' }));
    expect(statusOf(impersonate.error)).toBe('403');
  });

  it('send_message takes only a file the sender uploaded to this thread', async () => {
    const refused = refusal(400, '22023', 'Upload the file to this conversation first');
    expect(await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'see', p_attachment_path: `${folder()}/never-uploaded.pdf` })).toEqual(refused);
    expect(await rpc(m.be, m.poster, 'send_message', { p_application_id: app, p_body: 'mine', p_attachment_path: `${folder()}/quote.pdf` })).toEqual(refused);
    const direct = await as(m.be, m.worker).from('application_messages').insert({ application_id: app, sender_id: m.worker.id, body: 'x', attachment_path: `${folder()}/quote.pdf` });
    expect(direct.error?.code).toBe('42501');
  });

  it("a send retried with its id names one object: the retry's upload of the same key is refused as a duplicate, and the message names the first", async () => {
    // The composer names the file by the send's id (mf-gigs lib/attachments): every attempt of one send uploads to one key.
    const id = crypto.randomUUID();
    const path = `${folder()}/${id}-plan.txt`;
    const worker = as(m.be, m.worker).storage.from('attachments');
    expect((await worker.upload(path, new Blob(['the plan'], { type: 'text/plain' }), { contentType: 'text/plain' })).error).toBeNull();
    const again = await worker.upload(path, new Blob(['the plan'], { type: 'text/plain' }), { contentType: 'text/plain' });
    expect([statusOf(again.error), again.error?.message]).toEqual(['409', 'The resource already exists']);
    expect(await sql(m.be, "select count(*)::int as n from storage.objects where bucket_id = 'attachments' and name like $1 || '%'", [`${folder()}/${id}`])).toEqual([{ n: 1 }]);
    const first = await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'The plan', p_attachment_path: path, p_id: id });
    expect(first.data).toMatchObject({ id, attachment_path: path, attachment_name: 'plan.txt' });
    expect((await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'The plan', p_attachment_path: path, p_id: id })).data).toEqual(first.data);
    expect((await as(m.be, m.poster).storage.from('attachments').download(path)).error).toBeNull();
  });

  it('a banned member uploads nothing, anywhere', async () => {
    await sql(m.be, "update auth.users set banned_until = now() + interval '1 day' where id = $1", [m.third.id]);
    const up = await as(m.be, m.third).storage.from('avatars').upload(`${m.third.id}/photo.jpg`, jpeg, { contentType: 'image/jpeg' });
    expect(up.error?.message).toMatch(/^Your account is suspended, so you cannot upload a file/);
    expect(await sql(m.be, "select 1 from storage.objects where name like $1 || '/%'", [m.third.id])).toEqual([]);
  });
});

/**
 * A delivery's file over real HTTP through supabase-js (supabase/migrations/20250105000000): the
 * worker of a funded deal uploads to the private deliveries bucket under
 * `<application id>/<worker id>/`, delivers with its path, and the file is read by the poster and
 * by an operator — never by a third member or a visitor; nobody else writes there, and a delivered
 * file stays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { as, refusal, rpc } from '../market/helpers';
import { acceptedDeal, fundedDeal, ok, useMoney } from './helpers';

const m = useMoney();
let app: string;
const pdf = () => new Blob(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], { type: 'application/pdf' });
const statusOf = (error: unknown) => (error as { statusCode?: string } | null)?.statusCode;
const folder = () => `${app}/${m.worker.id}`;

beforeAll(async () => {
  app = (await fundedDeal(m)).app;
});

describe('a delivery with a file', () => {
  it('the worker uploads and delivers it; the poster and an operator download it; a third member and a visitor cannot', async () => {
    const path = `${folder()}/fence-photos.pdf`;
    expect((await as(m.be, m.worker).storage.from('deliveries').upload(path, pdf(), { contentType: 'application/pdf' })).error).toBeNull();
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Painted: the photos are attached', p_attachment_path: path });
    const notes = await as(m.be, m.poster).from('deal_notes').select('kind, attachment_path, attachment_name, attachment_type, attachment_size').eq('application_id', app);
    expect(notes.data).toEqual([{ kind: 'delivery', attachment_path: path, attachment_name: 'fence-photos.pdf', attachment_type: 'application/pdf', attachment_size: pdf().size }]);

    const byPoster = await as(m.be, m.poster).storage.from('deliveries').download(path);
    expect(byPoster.error).toBeNull();
    expect(await byPoster.data!.text()).toContain('%PDF-1.4');
    expect((await as(m.be, m.operator).storage.from('deliveries').download(path)).error).toBeNull();

    const byThird = await as(m.be, m.stranger).storage.from('deliveries').download(path);
    expect(byThird.data).toBeNull();
    expect(statusOf(byThird.error)).toBe('404');
    expect((await as(m.be, m.stranger).storage.from('deliveries').createSignedUrl(path, 60)).data).toBeNull();
    expect((await as(m.be, m.stranger).storage.from('deliveries').list(app)).data).toEqual([]);
    expect((await as(m.be).storage.from('deliveries').download(path)).data).toBeNull();
    expect((await as(m.be, m.stranger).from('deal_notes').select('id').eq('application_id', app)).data).toEqual([]);
  });

  it('a delivered file cannot be removed, not even by the worker', async () => {
    const path = `${folder()}/fence-photos.pdf`;
    expect((await as(m.be, m.worker).storage.from('deliveries').remove([path])).data).toEqual([]);
    expect((await as(m.be, m.poster).storage.from('deliveries').download(path)).error).toBeNull();
  });

  it('only the worker writes to the deal, and only while it is funded', async () => {
    const intrude = await as(m.be, m.stranger).storage.from('deliveries').upload(`${app}/${m.stranger.id}/x.pdf`, pdf(), { contentType: 'application/pdf' });
    expect(statusOf(intrude.error)).toBe('403');
    const poster = await as(m.be, m.poster).storage.from('deliveries').upload(`${app}/${m.poster.id}/x.pdf`, pdf(), { contentType: 'application/pdf' });
    expect(statusOf(poster.error)).toBe('403');
    const impersonate = await as(m.be, m.poster).storage.from('deliveries').upload(`${folder()}/x.pdf`, pdf(), { contentType: 'application/pdf' });
    expect(statusOf(impersonate.error)).toBe('403');
    // The deal is delivered now: no more files until changes are requested.
    const late = await as(m.be, m.worker).storage.from('deliveries').upload(`${folder()}/late.pdf`, pdf(), { contentType: 'application/pdf' });
    expect(statusOf(late.error)).toBe('403');
    const accepted = (await acceptedDeal(m)).app;
    const early = await as(m.be, m.worker).storage.from('deliveries').upload(`${accepted}/${m.worker.id}/early.pdf`, pdf(), { contentType: 'application/pdf' });
    expect(statusOf(early.error)).toBe('403');
  });

  it('deliver_work takes only a file the worker uploaded to this deal', async () => {
    const other = (await fundedDeal(m)).app;
    const refused = refusal(400, '22023', 'Upload the file to this deal first');
    expect(await rpc(m.be, m.worker, 'deliver_work', { p_application_id: other, p_note: 'Done', p_attachment_path: `${other}/${m.worker.id}/never.pdf` })).toEqual(refused);
    // A file of another deal (the first one's) is not this deal's.
    expect(await rpc(m.be, m.worker, 'deliver_work', { p_application_id: other, p_note: 'Done', p_attachment_path: `${folder()}/fence-photos.pdf` })).toEqual(refused);
    const own = `${other}/${m.worker.id}/ok.pdf`;
    expect((await as(m.be, m.worker).storage.from('deliveries').upload(own, pdf(), { contentType: 'application/pdf' })).error).toBeNull();
    // The refused calls changed nothing: the deal is still funded, and the file still removable.
    expect((await as(m.be, m.worker).storage.from('deliveries').remove([own])).data).toHaveLength(1);
    const direct = await as(m.be, m.worker).from('deal_notes').update({ attachment_path: own }).eq('application_id', app).select();
    expect(direct.error?.code).toBe('42501');
  });
});

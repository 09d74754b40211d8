import { describe, expect, it } from 'vitest';
import { getSupabase } from '../supabase';
import { fakeSupabase } from './fakeSupabase';

const supabase = fakeSupabase();

describe('the fake Supabase client', () => {
  it("is what getSupabase() returns, records each call and answers supabase-js's response shape", async () => {
    supabase.reset();
    expect(getSupabase()).toBe(supabase.client);
    supabase.answer('gigs', { data: [{ id: 'g1' }], count: 1 });
    const read = await getSupabase().from('gigs').select('id', { count: 'exact' }).eq('status', 'active').order('created_at', { ascending: false }).range(0, 11);
    expect(read).toEqual({ data: [{ id: 'g1' }], error: null, count: 1, status: 200, statusText: '' });
    expect(await getSupabase().from('profiles').select('id').eq('id', 'u1').single()).toMatchObject({ data: null, error: null });
    expect(supabase.calls).toEqual([
      ['from', 'gigs'], ['select', 'id', { count: 'exact' }], ['eq', 'status', 'active'], ['order', 'created_at', { ascending: false }], ['range', 0, 11],
      ['from', 'profiles'], ['select', 'id'], ['eq', 'id', 'u1'], ['single'],
    ]);
  });

  it('gives several answers one per call (the last repeats), computes one from the chain, or rejects', async () => {
    supabase.reset();
    supabase.answer('rpc:close_gig', { error: { code: 'N4002', message: 'This gig is already closed' } }, { data: null });
    const close = () => getSupabase().rpc('close_gig', { p_gig_id: 'g1' });
    expect(await close()).toMatchObject({ error: { code: 'N4002' }, status: 400 });
    expect(await close()).toMatchObject({ error: null, status: 200 });
    expect(await close()).toMatchObject({ error: null });
    supabase.answer('gigs', (chain) => ({ data: chain.find((c) => c[0] === 'eq')?.[2] }));
    expect((await getSupabase().from('gigs').select('id').eq('id', 'g7')).data).toBe('g7');
    supabase.answer('profiles', { throws: new TypeError('Failed to fetch') });
    await expect(getSupabase().from('profiles').select('id')).rejects.toThrow('Failed to fetch');
  });

  it('answers auth calls (by default with no error) and opens channels the test can play the server on', async () => {
    supabase.reset();
    expect(await getSupabase().auth.signOut()).toEqual({ data: {}, error: null, count: null, status: 200, statusText: '' });
    supabase.answer('auth.signInWithPassword', { data: { user: null, session: null }, error: { message: 'Invalid login credentials' } });
    expect((await getSupabase().auth.signInWithPassword({ email: 'a@b.c', password: 'x' })).error).toEqual({ message: 'Invalid login credentials' });
    const heard: unknown[] = [];
    getSupabase().channel('need40-latest-gigs').on('postgres_changes', { event: '*', schema: 'public', table: 'gigs' }, (p) => heard.push(p)).subscribe();
    supabase.channelFor('need40-latest-gigs').change('gigs', { id: 'g1' }, 'UPDATE');
    expect(heard).toEqual([{ eventType: 'UPDATE', table: 'gigs', new: { id: 'g1' } }]);
    await getSupabase().removeChannel(supabase.channelFor('need40-latest-gigs') as never);
    expect(() => supabase.channelFor('need40-latest-gigs')).toThrow('no open channel need40-latest-gigs');
    expect(supabase.calls.map((c) => c[0])).toEqual(['auth.signOut', 'auth.signInWithPassword', 'channel', 'removeChannel']);
  });

  it('storage: public URLs at once, every other call recorded and answered per bucket and method', async () => {
    supabase.reset();
    const avatars = getSupabase().storage.from('avatars');
    expect(avatars.getPublicUrl('u1/a.jpg', { transform: { width: 64, height: 64 } }).data.publicUrl).toBe('https://storage.test/avatars/u1/a.jpg?width=64&height=64');
    supabase.answer('storage:avatars.upload', { error: { message: 'The object exceeded the maximum allowed size' } });
    expect(await avatars.upload('u1/b.jpg', new Blob(['x']))).toMatchObject({ data: null, error: { message: 'The object exceeded the maximum allowed size' } });
    expect(await avatars.remove(['u1/a.jpg'])).toMatchObject({ data: null, error: null });
    expect(supabase.calls).toEqual([['storage.upload', 'avatars', 'u1/b.jpg', expect.any(Blob)], ['storage.remove', 'avatars', ['u1/a.jpg']]]);
  });
});

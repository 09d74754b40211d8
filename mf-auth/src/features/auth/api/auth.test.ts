import { resetRuntimeConfig, setRuntimeConfig } from '@need40/shared';
import { fakeSupabase } from '@need40/shared/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from './signIn';
import { signUp } from './signUp';

const supabase = fakeSupabase();

describe('auth requests', () => {
  beforeEach(() => {
    supabase.reset();
    setRuntimeConfig({ siteUrl: 'https://need40.example' });
  });
  afterEach(() => resetRuntimeConfig());

  it('logs in with email and password', async () => {
    supabase.answer('auth.signInWithPassword', { data: {}, error: null });
    await signIn({ email: ' ada@example.com ', password: 'secret123' });
    expect(supabase.calls).toEqual([['auth.signInWithPassword', { email: 'ada@example.com', password: 'secret123' }]]);
  });

  it("throws the backend's error on a failed login", async () => {
    supabase.answer('auth.signInWithPassword', { data: {}, error: { message: 'Invalid login credentials' } });
    await expect(signIn({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ message: 'Invalid login credentials' });
  });

  it('signs up with the full name as metadata and a confirmation link back to the site', async () => {
    supabase.answer('auth.signUp', { data: { user: { id: 'u1' }, session: null }, error: null });
    await expect(signUp({ fullName: ' Ada Lovelace ', email: 'ada@example.com', password: 'secret123' })).resolves.toEqual({ signedIn: false });
    expect(supabase.calls).toEqual([
      ['auth.signUp', { email: 'ada@example.com', password: 'secret123', options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: 'https://need40.example' } }],
    ]);
  });

  it("throws the backend's error on a failed signup", async () => {
    supabase.answer('auth.signUp', { data: { user: null, session: null }, error: { message: 'User already registered' } });
    await expect(signUp({ fullName: 'A', email: 'a@b.c', password: 'secret123' })).rejects.toMatchObject({ message: 'User already registered' });
  });
});

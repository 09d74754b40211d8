import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = { signInWithPassword: vi.fn(), signUp: vi.fn() };
vi.mock('@need40/shared', async (original) => ({
  ...(await original<object>()),
  getSupabase: () => ({ auth }),
  getRuntimeConfig: () => ({ siteUrl: 'https://need40.example' }),
}));

const { signIn } = await import('./signIn');
const { signUp } = await import('./signUp');

describe('auth requests', () => {
  beforeEach(() => {
    auth.signInWithPassword.mockReset();
    auth.signUp.mockReset();
  });

  it('logs in with email and password', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: null });
    await signIn({ email: ' ada@example.com ', password: 'secret123' });
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret123' });
  });

  it("throws the backend's error on a failed login", async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: { message: 'Invalid login credentials' } });
    await expect(signIn({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ message: 'Invalid login credentials' });
  });

  it('signs up with the full name as metadata and a confirmation link back to the site', async () => {
    auth.signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: null }, error: null });
    await expect(signUp({ fullName: ' Ada Lovelace ', email: 'ada@example.com', password: 'secret123' })).resolves.toEqual({ signedIn: false });
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret123',
      options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: 'https://need40.example' },
    });
  });

  it("throws the backend's error on a failed signup", async () => {
    auth.signUp.mockResolvedValue({ data: { user: null, session: null }, error: { message: 'User already registered' } });
    await expect(signUp({ fullName: 'A', email: 'a@b.c', password: 'secret123' })).rejects.toMatchObject({ message: 'User already registered' });
  });
});

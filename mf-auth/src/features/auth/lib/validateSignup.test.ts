import { describe, expect, it } from 'vitest';
import { validateSignup } from './validateSignup';

describe('signup validation', () => {
  const ok = { fullName: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
  it('accepts matching passwords of 6+ characters', () => expect(validateSignup(ok)).toBeNull());
  it('says "Passwords do not match"', () =>
    expect(validateSignup({ ...ok, confirmPassword: 'secret2' })).toBe('Passwords do not match'));
  it('says "Password must be at least 6 characters"', () =>
    expect(validateSignup({ ...ok, password: '12345', confirmPassword: '12345' })).toBe('Password must be at least 6 characters'));
});

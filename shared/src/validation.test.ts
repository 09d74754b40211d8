import { describe, expect, it } from 'vitest';
import { MESSAGES } from './constants';
import { emptyGigForm } from './mapping';
import { parseSkills, safeUrl, validateGigForm, validateGigPayment, validatePaymentData, validateSignup } from './validation';

describe('signup validation', () => {
  const ok = { fullName: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
  it('accepts matching passwords of 6+ characters', () => expect(validateSignup(ok)).toBeNull());
  it('says "Passwords do not match"', () =>
    expect(validateSignup({ ...ok, confirmPassword: 'secret2' })).toBe('Passwords do not match'));
  it('says "Password must be at least 6 characters"', () =>
    expect(validateSignup({ ...ok, password: '12345', confirmPassword: '12345' })).toBe('Password must be at least 6 characters'));
});

describe('gig form validation', () => {
  it('requires every field', () => {
    const errors = validateGigForm(emptyGigForm());
    expect(Object.keys(errors).sort()).toEqual(['description', 'hours', 'location', 'rate', 'skills', 'title']);
  });
  it('accepts a complete form', () => {
    const form = { ...emptyGigForm(), title: 'Logo', description: 'A logo', rate: '50', hours: '4', location: 'remote' as const, skills: 'design' };
    expect(validateGigForm(form)).toEqual({});
  });
  it('refuses non-positive numbers', () => {
    const form = { ...emptyGigForm(), title: 'x', description: 'y', rate: '-1', hours: 'abc', location: 'remote' as const, skills: 'a' };
    expect(validateGigForm(form)).toEqual({ rate: 'Rate must be a positive number', hours: 'Hours must be a positive number' });
  });
  it('splits skills into trimmed items', () => expect(parseSkills(' react, ts ,, css ')).toEqual(['react', 'ts', 'css']));
});

describe('payment validation', () => {
  it('needs amount, paymentMethod and status', () => {
    expect(validatePaymentData({ amount: 600, paymentMethod: 'paypal', status: 'pending' })).toBeNull();
    expect(validatePaymentData({ amount: 600, paymentMethod: 'paypal' })).toBe(MESSAGES.invalidPaymentData);
    expect(validatePaymentData({ paymentMethod: 'paypal', status: 'pending' })).toBe(MESSAGES.invalidPaymentData);
  });
  it('needs a user id, then a title and description, for the $600 gig path', () => {
    expect(validateGigPayment({ title: 't', description: 'd' })).toBe('User ID is required');
    expect(validateGigPayment({ userId: 'u', title: ' ', description: 'd' })).toBe('Gig title and description are required');
    expect(validateGigPayment({ userId: 'u', title: 't', description: 'd' })).toBeNull();
  });
});

describe('safeUrl', () => {
  it('keeps http(s) and mailto links', () => {
    expect(safeUrl('https://github.com/ada')).toBe('https://github.com/ada');
    expect(safeUrl('linkedin.com/in/ada')).toBe('https://linkedin.com/in/ada');
  });
  it('refuses script and data URLs', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<script>')).toBeNull();
    expect(safeUrl('')).toBeNull();
  });
});

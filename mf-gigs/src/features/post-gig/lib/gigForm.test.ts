import { describe, expect, it } from 'vitest';
import { emptyGigForm, gigInsertFromForm, validateGigForm } from './gigForm';

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
});

describe('gig insert', () => {
  it('turns the form into an insert with trimmed skills, user_id and created_at', () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const insert = gigInsertFromForm(
      { title: ' Logo ', description: 'Design', paymentType: 'fixed', rate: '250', hours: '6', location: 'hybrid', skills: 'figma,  branding ,' },
      'user-1', now,
    );
    expect(insert).toEqual({
      title: 'Logo', description: 'Design', payment_type: 'fixed', rate: 250, hours: 6, location: 'hybrid',
      skills: ['figma', 'branding'], user_id: 'user-1', created_at: '2026-01-02T03:04:05.000Z',
    });
  });
});

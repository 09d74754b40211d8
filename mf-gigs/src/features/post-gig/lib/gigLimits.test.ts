import { describe, expect, it } from 'vitest';
import { emptyGigForm, gigInsertFromForm, validateGigForm } from './gigForm';
import { GIG_LIMITS, parseNumber } from './gigLimits';

const valid = { ...emptyGigForm(), title: 'Logo', description: 'A logo', rate: '50', hours: '4', location: 'remote' as const, skills: 'design' };
const errorsOf = (patch: Partial<typeof valid>) => validateGigForm({ ...valid, ...patch });

describe('the limits the database enforces, on the form', () => {
  it('title: at most 200 characters', () => {
    expect(errorsOf({ title: 'x'.repeat(200) })).toEqual({});
    expect(errorsOf({ title: 'x'.repeat(201) })).toEqual({ title: 'Title must be at most 200 characters (you have 201)' });
  });

  it('description: at most 10,000 characters', () => {
    expect(errorsOf({ description: 'x'.repeat(10_000) })).toEqual({});
    expect(errorsOf({ description: 'x'.repeat(10_001) })).toEqual({ description: 'Description must be at most 10,000 characters (you have 10,001)' });
  });

  it('rate: $0.01 to $1,000,000 with at most two decimals', () => {
    for (const ok of ['0.01', '25.5', '25.50', '1000000', '999999.99']) expect(errorsOf({ rate: ok })).toEqual({});
    expect(errorsOf({ rate: '1e15' })).toEqual({ rate: 'Rate must be at most $1,000,000' });
    expect(errorsOf({ rate: '1000000.01' })).toEqual({ rate: 'Rate must be at most $1,000,000' });
    expect(errorsOf({ rate: '19.999' })).toEqual({ rate: 'Rate can have at most two decimals (cents)' });
    expect(errorsOf({ rate: '0.001' })).toEqual({ rate: 'Rate can have at most two decimals (cents)' });
    for (const bad of ['0', '-5', 'abc', '0x10', 'Infinity', '1,000']) expect(errorsOf({ rate: bad })).toEqual({ rate: 'Rate must be a positive number' });
  });

  it('hours: more than 0, at most 100,000, decimals allowed', () => {
    expect(errorsOf({ hours: '0.5' })).toEqual({});
    expect(errorsOf({ hours: '100000' })).toEqual({});
    expect(errorsOf({ hours: '100000.5' })).toEqual({ hours: 'Hours must be at most 100,000' });
    expect(errorsOf({ hours: '0' })).toEqual({ hours: 'Hours must be a positive number' });
  });

  it('skills: at most 50, and at most 2,000 characters joined with commas', () => {
    const many = (n: number, word = 's') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(', ');
    expect(errorsOf({ skills: many(50) })).toEqual({});
    expect(errorsOf({ skills: many(51) })).toEqual({ skills: 'Use at most 50 skills (you have 51)' });
    // 40 skills of 50 characters: 40 × 50 + 39 commas = 2,039 characters joined.
    const long = Array.from({ length: 40 }, (_, i) => `${i}`.padStart(50, 'x')).join(', ');
    expect(errorsOf({ skills: long })).toEqual({ skills: 'Skills must be at most 2,000 characters in all (you have 2,039)' });
    expect(GIG_LIMITS.skillsJoinedMax).toBe(2000);
  });

  it('reads numbers as typed, refusing what Number() alone would accept', () => {
    expect(parseNumber(' 25.50 ')).toBe(25.5);
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('0x10')).toBeNaN();
    expect(parseNumber('')).toBeNaN();
  });

  it('keeps skills as typed (the database compares them case-insensitively)', () => {
    expect(gigInsertFromForm({ ...valid, skills: 'React, typeScript ,FIGMA' }, 'u1').skills).toEqual(['React', 'typeScript', 'FIGMA']);
  });
});

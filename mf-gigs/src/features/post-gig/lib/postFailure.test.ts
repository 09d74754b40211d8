import { describe, expect, it } from 'vitest';
import { describePostFailure } from './postFailure';

describe('what a person is told when posting fails', () => {
  it('a network failure: not reachable, check the connection, what was typed is kept', () => {
    const failure = describePostFailure({ message: 'TypeError: Failed to fetch', code: '' });
    expect(failure.kind).toBe('offline');
    expect(failure.message).toContain("Need40 can't be reached right now");
    expect(describePostFailure(new TypeError('Failed to fetch')).kind).toBe('offline');
  });

  it('an ended session: log in again', () => {
    expect(describePostFailure({ code: 'PGRST301', message: 'JWT expired' }).kind).toBe('signedOut');
    expect(describePostFailure({ code: '42501', message: 'new row violates row-level security policy' }).message).toContain('Log in again');
  });

  it('a refused value: check the fields', () => {
    expect(describePostFailure({ code: '23514', message: 'violates check constraint "gigs_title_not_blank"' }).kind).toBe('refused');
    expect(describePostFailure({ code: '22003', message: 'numeric field overflow' }).message).toContain('Check the fields');
  });

  it('anything else: our side, try again in a moment', () => {
    expect(describePostFailure(new Error('boom')).kind).toBe('server');
    expect(describePostFailure('weird').message).toContain('something went wrong on our side');
  });
});

import { describe, expect, it } from 'vitest';
import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from './failureText';

const FALLBACK = 'Your gig could not be saved. Try again.';

describe('failureText', () => {
  it('never shows a raw server or browser text', () => {
    expect(failureText({ code: '42P01', message: 'relation "public.gigz" does not exist' }, FALLBACK)).toBe(FALLBACK);
    expect(failureText({ code: 'PGRST204', message: "Could not find the 'x' column" }, FALLBACK)).toBe(FALLBACK);
    expect(failureText(new Error('Internal Server Error'), FALLBACK)).toBe(FALLBACK);
    expect(failureText('boom', FALLBACK)).toBe(FALLBACK);
    expect(failureText(undefined, FALLBACK)).toBe(FALLBACK);
  });

  it('shows a refusal the database words for people', () => {
    expect(failureText({ code: 'N4003', message: 'This gig is closed.' }, FALLBACK)).toBe('This gig is closed.');
    expect(failureText({ code: 'PT404', message: 'Application not found' }, FALLBACK)).toBe('Application not found');
    expect(failureText({ code: 'N4003', message: '  ' }, FALLBACK)).toBe(FALLBACK);
  });

  it('says the connection failed, not "Failed to fetch"', () => {
    expect(failureText(new TypeError('Failed to fetch'), FALLBACK)).toBe(NETWORK_MESSAGE);
    expect(failureText({ message: 'TypeError: NetworkError when attempting to fetch resource.', code: '' }, FALLBACK)).toBe(NETWORK_MESSAGE);
    expect(failureText({ name: 'AuthRetryableFetchError', message: '{}' }, FALLBACK)).toBe(NETWORK_MESSAGE);
    expect(isNetworkFailure({ message: 'x' }, 0)).toBe(true);
  });

  it("shows the auth server's catalogue text", () => {
    expect(failureText({ name: 'AuthApiError', message: 'Invalid login credentials', status: 400 }, FALLBACK)).toBe('Invalid login credentials');
  });

  it('passes through a failure the caller already worded', () => {
    expect(failureText(worded('Payment processing failed'), FALLBACK)).toBe('Payment processing failed');
  });
});

describe('isNetworkFailure', () => {
  it('recognises a request that got no answer', () => {
    expect(isNetworkFailure({ message: 'TypeError: Failed to fetch' })).toBe(true);
    expect(isNetworkFailure({ message: 'NetworkError when attempting to fetch resource.' })).toBe(true);
    expect(isNetworkFailure({ message: 'Load failed' })).toBe(true);
    expect(isNetworkFailure({ name: 'AuthRetryableFetchError', message: 'Service Unavailable' })).toBe(true);
    expect(isNetworkFailure({ message: 'anything' }, 0)).toBe(true);
  });

  it('leaves answers from the backend alone', () => {
    expect(isNetworkFailure({ message: 'permission denied for table profiles', code: '42501' }, 401)).toBe(false);
    expect(isNetworkFailure(undefined)).toBe(false);
    expect(isNetworkFailure('Failed to fetch')).toBe(false);
  });
});

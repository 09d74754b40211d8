import { describe, expect, it } from 'vitest';
import { isNetworkFailure } from './network';

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

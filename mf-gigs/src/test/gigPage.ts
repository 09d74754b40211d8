import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fetchMyApplication } from '../lib/applications';
import { resetUi, signOutForTest } from './fixtures';

/** Each test starts with fresh mocks, a closed login modal and no application of the member's; ends signed out. */
export function resetGigPageEachTest(): void {
  beforeEach(() => {
    vi.clearAllMocks();
    resetUi();
    vi.mocked(fetchMyApplication).mockResolvedValue(null);
  });
  afterEach(() => act(() => signOutForTest()));
}

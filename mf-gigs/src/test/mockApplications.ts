import { vi } from 'vitest';

/**
 * lib/applications with its network calls as mocks and the rest real, for vi.mock's factory:
 * `vi.mock('…/lib/applications', async (original) => (await import('…/test/mockApplications')).applicationsWithMocks(original))`.
 * This module imports nothing of the app, so the factory can load it while lib/applications is being mocked.
 */
export async function applicationsWithMocks(original: () => Promise<object>): Promise<object> {
  return { ...(await original()), applyToGig: vi.fn(), fireTransition: vi.fn(), fetchMyApplication: vi.fn() };
}

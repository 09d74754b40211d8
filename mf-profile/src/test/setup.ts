import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { getQueryClient } from '@need40/shared';
import { fakeSupabase } from '@need40/shared/testing';
import { afterEach, vi } from 'vitest';

// No unit test reaches the network: getSupabase() is a fake client until a test installs its own.
fakeSupabase();
afterEach(() => {
  cleanup();
  // Each test starts with an empty query cache (the page's one cache lives as long as the module).
  getQueryClient().clear();
});

// Portfolio items load from the backend on every profile; a member has none unless a test says so.
vi.mock('../lib/portfolio/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/portfolio/api')>()),
  fetchPortfolio: vi.fn(async () => []),
  addPortfolioItem: vi.fn(),
  removePortfolioItem: vi.fn(),
}));

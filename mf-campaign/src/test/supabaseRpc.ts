import { vi } from 'vitest';

/** The rpc an api test checks: what getSupabase() answers once the test file mocks @need40/shared with `sharedWithRpc`. */
export const rpc = vi.fn();

/**
 * @need40/shared with getSupabase() answering `{ rpc }`, for vi.mock's factory:
 * `vi.mock('@need40/shared', async (original) => (await import('…/test/supabaseRpc')).sharedWithRpc(original))`.
 */
export async function sharedWithRpc(original: () => Promise<object>): Promise<object> {
  return { ...(await original()), getSupabase: () => ({ rpc }) };
}

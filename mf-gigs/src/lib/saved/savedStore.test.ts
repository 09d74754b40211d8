import { act } from '@testing-library/react';
import { uiStore } from '@need40/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../test/fixtures';

/** A stand-in for the saved_gigs table: records calls, answers `answer`. */
const calls: unknown[][] = [];
let answer: { data: unknown; error: unknown } = { data: [], error: null };
const builder: Record<string, unknown> = {};
for (const method of ['from', 'select', 'limit', 'insert', 'delete', 'eq']) {
  builder[method] = (...args: unknown[]) => {
    calls.push([method, ...args]);
    return builder;
  };
}
builder.then = (resolve: (v: unknown) => unknown) => Promise.resolve(answer).then(resolve);
vi.mock('@need40/shared', async (original) => ({ ...(await original<object>()), getSupabase: () => builder }));

const { ensureSavedLoaded, savedStore, toggleSaved, SAVE_LOGIN_NOTICE } = await import('./savedStore');

describe('saved gigs', () => {
  beforeEach(async () => {
    calls.length = 0;
    resetUi();
    act(() => signIn('u1'));
    answer = { data: [{ gig_id: 'g1' }], error: null };
    savedStore.setState({ userId: null, ids: new Set(), failed: null });
    await ensureSavedLoaded('u1');
  });

  it("loads the member's saved ids once, bounded", async () => {
    expect(calls).toEqual([['from', 'saved_gigs'], ['select', 'gig_id'], ['limit', 1000]]);
    expect([...savedStore.getState().ids]).toEqual(['g1']);
    await ensureSavedLoaded('u1');
    expect(calls).toHaveLength(3);
  });

  it('saves and unsaves through the table', async () => {
    calls.length = 0;
    answer = { data: null, error: null };
    await toggleSaved('g2');
    expect(calls).toContainEqual(['insert', { gig_id: 'g2' }]);
    expect(savedStore.getState().ids.has('g2')).toBe(true);
    await toggleSaved('g1');
    expect(calls).toContainEqual(['eq', 'gig_id', 'g1']);
    expect(savedStore.getState().ids.has('g1')).toBe(false);
  });

  it('puts the mark back when the database refuses, and says so; "already saved" is no failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = { data: null, error: { code: '42501', message: 'denied' } };
    await toggleSaved('g2');
    expect(savedStore.getState().ids.has('g2')).toBe(false);
    expect(savedStore.getState().failed).toBe('g2');
    answer = { data: null, error: { code: '23505', message: 'duplicate' } };
    await toggleSaved('g3');
    expect(savedStore.getState().ids.has('g3')).toBe(true);
    expect(savedStore.getState().failed).toBeNull();
  });

  it('signed out, opens the login modal saying why and writes nothing', async () => {
    act(() => signOutForTest());
    calls.length = 0;
    await toggleSaved('g2');
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login', notice: SAVE_LOGIN_NOTICE });
    expect(calls).toEqual([]);
    await ensureSavedLoaded(null);
    expect(savedStore.getState().ids.size).toBe(0);
  });
});

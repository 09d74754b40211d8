import { act } from '@testing-library/react';
import { uiStore } from '@need40/shared';
import { fakeSupabase, type FakeAnswer } from '@need40/shared/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../test/fixtures';

const supabase = fakeSupabase();
const calls = supabase.calls;
const answer = (given: FakeAnswer) => supabase.answer('saved_gigs', given);

const { savedStore, toggleSaved, watchSaved, SAVE_LOGIN_NOTICE } = await import('./savedStore');

/** Let the batched question go out and its answer arrive. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('saved gigs', () => {
  beforeEach(async () => {
    supabase.reset();
    resetUi();
    act(() => signIn('u1'));
    answer({ data: [{ gig_id: 'g1' }], error: null });
    savedStore.setState({ userId: null, ids: new Set(), known: new Set(), failed: null, version: 0 });
    watchSaved('u1', 'g1');
    await settle();
  });

  it('asks only about the gigs on screen, all of one render in one read, each once', async () => {
    calls.length = 0;
    answer({ data: [{ gig_id: 'g5' }], error: null });
    for (const id of ['g4', 'g5', 'g6', 'g4', 'g1']) watchSaved('u1', id);
    await settle();
    expect(calls).toEqual([['from', 'saved_gigs'], ['select', 'gig_id'], ['eq', 'user_id', 'u1'], ['in', 'gig_id', ['g4', 'g5', 'g6']]]);
    expect([...savedStore.getState().ids].sort()).toEqual(['g1', 'g5']);
    watchSaved('u1', 'g6');
    await settle();
    expect(calls).toHaveLength(4);
  });

  it('keeps a mark right for any number of saved gigs (asked in bounded reads)', async () => {
    calls.length = 0;
    const many = Array.from({ length: 250 }, (_, i) => `s${i}`);
    answer({ data: many.map((gig_id) => ({ gig_id })), error: null });
    many.forEach((id) => watchSaved('u1', id));
    await settle();
    const asked = calls.filter((c) => c[0] === 'in').map((c) => (c[2] as string[]).length);
    expect(asked).toEqual([100, 100, 50]);
    expect(savedStore.getState().ids.has('s249')).toBe(true);
  });

  it('a failed read leaves the mark unknown, to be asked again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ data: null, error: { code: 'PGRST000', message: 'down' } });
    watchSaved('u1', 'g7');
    await settle();
    expect(savedStore.getState().known.has('g7')).toBe(false);
    answer({ data: [{ gig_id: 'g7' }], error: null });
    watchSaved('u1', 'g7');
    await settle();
    expect(savedStore.getState().ids.has('g7')).toBe(true);
  });

  it('saves and unsaves through the table', async () => {
    calls.length = 0;
    answer({ data: null, error: null });
    await toggleSaved('g2');
    expect(calls).toContainEqual(['insert', { gig_id: 'g2' }]);
    expect(savedStore.getState().ids.has('g2')).toBe(true);
    await toggleSaved('g1');
    expect(calls).toContainEqual(['eq', 'gig_id', 'g1']);
    expect(savedStore.getState().ids.has('g1')).toBe(false);
    expect(savedStore.getState().version).toBe(2);
  });

  it('puts the mark back when the database refuses, and says so; "already saved" is no failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ data: null, error: { code: '42501', message: 'denied' } });
    await toggleSaved('g2');
    expect(savedStore.getState().ids.has('g2')).toBe(false);
    expect(savedStore.getState().failed).toBe('g2');
    answer({ data: null, error: { code: '23505', message: 'duplicate' } });
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
    watchSaved(null, 'g1');
    expect(savedStore.getState().ids.size).toBe(0);
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyAuthEvent, MESSAGES, uiStore, type Tables } from '@need40/shared';
import { SLOW_AFTER_MS, SLOW_TEXT } from '@need40/ui';
import type { Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaidGig } from '../api/createPaidGig';
import { PaidGigForm } from './PaidGigForm';

vi.mock('../api/createPaidGig', () => ({ createPaidGig: vi.fn() }));
const create = vi.mocked(createPaidGig);

const signIn = () =>
  applyAuthEvent('SIGNED_IN', { access_token: 'x.e30.y', user: { id: 'user-1' } } as unknown as Session);

const gig = { id: 'g1', title: 'Paint my fence', payment_type: 'fixed', rate: 600, worker_rate: 570, platform_fee: 30, status: 'active' } as Tables<'gigs'>;

async function fillAndSubmit(title: string, description: string) {
  const user = userEvent.setup();
  if (title) await user.type(screen.getByLabelText('Gig title'), title);
  if (description) await user.type(screen.getByLabelText('Gig description'), description);
  await user.click(screen.getByRole('button', { name: 'Pay $600 and post gig' }));
  return user;
}

/** Fill, submit, then say yes to the confirmation. */
async function fillSubmitAndConfirm(title: string, description: string) {
  const user = await fillAndSubmit(title, description);
  await user.click(screen.getByRole('button', { name: 'Yes, record $600 and post' }));
  return user;
}

describe('the $600 gig path', () => {
  beforeEach(() => {
    create.mockReset();
    uiStore.setState({ authModal: { open: false, mode: 'login' }, gigsVersion: 0 });
  });
  afterEach(() => applyAuthEvent('SIGNED_OUT', null));

  it('shows the form with its pitch', () => {
    render(<PaidGigForm />);
    expect(screen.getByRole('heading', { name: 'Post a $600 gig' })).toBeInTheDocument();
    expect(screen.getByText(/goes to\s+the worker and/)).toHaveTextContent('A fixed $600 gig: $570 goes to the worker and $30 to the platform.');
  });

  it('signed out: "You must be logged in to create a gig" and a Log In button that opens the login modal', async () => {
    render(<PaidGigForm />);
    const user = await fillAndSubmit('Paint my fence', 'Two coats');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.mustBeLoggedInToCreateGig);
    expect(create).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login' });
  });

  it.each([
    ['', 'Two coats'],
    ['Paint my fence', ''],
    ['   ', 'Two coats'],
  ])('signed in, title %j description %j: "Gig title and description are required"', async (title, description) => {
    signIn();
    render(<PaidGigForm />);
    await fillAndSubmit(title, description);
    expect(screen.getByRole('alert')).toHaveTextContent('Gig title and description are required');
    expect(create).not.toHaveBeenCalled();
  });

  it('signed in: creates the gig, tells the grid to refresh, clears the form and says the gig is live', async () => {
    signIn();
    create.mockResolvedValue(gig);
    render(<PaidGigForm />);
    await fillSubmitAndConfirm('Paint my fence', 'Two coats');

    expect(create).toHaveBeenCalledWith({ userId: 'user-1', title: 'Paint my fence', description: 'Two coats' }, expect.any(String), expect.any(AbortSignal));
    expect(await screen.findByRole('status')).toHaveTextContent('Your $600 gig “Paint my fence” is live: $570 goes to the worker.');
    expect(uiStore.getState().gigsVersion).toBe(1);
    expect(screen.getByLabelText('Gig title')).toHaveValue('');
    expect(screen.getByLabelText('Gig description')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'See it in Latest Gigs' })).toBeInTheDocument();
  });

  it('shows "Posting your gig..." while busy', async () => {
    signIn();
    create.mockReturnValue(new Promise(() => {}));
    render(<PaidGigForm />);
    await fillSubmitAndConfirm('Paint my fence', 'Two coats');
    expect(screen.getByRole('button', { name: 'Posting your gig...' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('a slow confirmation says so; Retry sends the same gig id again (never a second payment), Cancel keeps what was typed', async () => {
    signIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      create.mockReturnValue(new Promise(() => {}));
      render(<PaidGigForm />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText('Gig title'), 'Paint my fence');
      await user.type(screen.getByLabelText('Gig description'), 'Two coats');
      await user.click(screen.getByRole('button', { name: 'Pay $600 and post gig' }));
      await user.click(screen.getByRole('button', { name: 'Yes, record $600 and post' }));
      expect(screen.queryByText(SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      expect(screen.getByText(SLOW_TEXT, { exact: false })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(create).toHaveBeenCalledTimes(2);
      expect(create.mock.calls[1]![1]).toBe(create.mock.calls[0]![1]);
      expect((create.mock.calls[0]![2] as AbortSignal).aborted).toBe(true);
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Pay $600 and post gig' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByLabelText('Gig title')).toHaveValue('Paint my fence');
      expect(uiStore.getState().gigsVersion).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['its fallback, never a raw server text', 'new row violates row-level security policy', 'Gig payment processing failed'],
    ['"Gig payment processing failed" without a message', '', 'Gig payment processing failed'],
    ['"Gig payment processing failed" for a non-error', undefined, 'Gig payment processing failed'],
  ])('a backend failure shows %s and keeps what was typed', async (_what, message, shown) => {
    signIn();
    create.mockImplementation(async () => {
      throw message === undefined ? undefined : new Error(message);
    });
    render(<PaidGigForm />);
    await fillSubmitAndConfirm('Paint my fence', 'Two coats');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByLabelText('Gig title')).toHaveValue('Paint my fence');
    expect(uiStore.getState().gigsVersion).toBe(0);
  });

  it('asks before recording: the question states the amount, the completed payment and the gig going live', async () => {
    signIn();
    render(<PaidGigForm />);
    await fillAndSubmit('Paint my fence', 'Two coats');

    const dialog = screen.getByRole('alertdialog', { name: 'Record a $600 payment and post this gig?' });
    expect(dialog).toHaveAccessibleDescription(
      'A completed payment of $600 is recorded in your name now, and “Paint my fence” goes live at once: $570 to the worker, $30 to the platform.',
    );
    expect(screen.getByRole('button', { name: 'Yes, record $600 and post' })).toHaveFocus();
    expect(create).not.toHaveBeenCalled();
  });

  it('Cancel (or Escape) records nothing and keeps what was typed', async () => {
    signIn();
    render(<PaidGigForm />);
    const user = await fillAndSubmit('Paint my fence', 'Two coats');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $600 and post gig' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Gig title')).toHaveValue('Paint my fence');
  });
});

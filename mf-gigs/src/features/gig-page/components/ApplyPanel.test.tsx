import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiStore } from '@need40/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_MESSAGE } from '@need40/ui';
import { makeGigDetail as gig, signIn, signOutForTest } from '../../../test/fixtures';
import { applyToGig, fetchMyApplication, fireTransition } from '../../../lib/applications';
import { fetchGig } from '../api/fetchGig';
import { GigPage } from './GigPage';
import { APPLIED_NOTE, INVITED_NOTE } from './ApplyPanel';
import { SIGNED_OUT_NOTE } from './ApplyForm';
import { latestStart, START_ERROR } from '../lib/applyRules';
import { resetGigPageEachTest } from '../../../test/gigPage';
import { fakeSupabase } from '@need40/shared/testing';

const supabase = fakeSupabase();
vi.mock('../api/fetchGig', () => ({ fetchGig: vi.fn() }));
vi.mock('../../../lib/live/watchGigs', () => ({ watchGigs: vi.fn(() => () => {}) }));
vi.mock('../../../lib/applications', async (original) => (await import('../../../test/mockApplications')).applicationsWithMocks(original));
vi.mock('../../../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));

const load = vi.mocked(fetchGig);
const mine = vi.mocked(fetchMyApplication);
const apply = vi.mocked(applyToGig);
const transition = vi.mocked(fireTransition);

resetGigPageEachTest();
beforeEach(() => {
  supabase.reset();
  sessionStorage.clear();
});

describe('applying', () => {
  it('an invited member reads "You were invited to apply" beside Apply Now; nobody else does', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    supabase.answer('gig_invitations', { data: [{ id: 'i1' }] });
    const { unmount } = render(<GigPage gigId="g1" />);
    expect(await screen.findByText(new RegExp(INVITED_NOTE))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply Now' })).toBeInTheDocument();
    expect(supabase.calls).toContainEqual(['eq', 'worker_id', 'worker-1']);
    unmount();
    supabase.answer('gig_invitations', { data: [] });
    render(<GigPage gigId="g1" />);
    await screen.findByRole('button', { name: 'Apply Now' });
    expect(screen.queryByText(new RegExp(INVITED_NOTE))).not.toBeInTheDocument();
  });

  it('signed out: Apply Now opens the login modal saying why, and the form opens after login', async () => {
    act(() => signOutForTest());
    load.mockResolvedValue(gig());
    const user = userEvent.setup();
    render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login', notice: 'Log in to apply for this gig.' });
    expect(screen.queryByRole('form', { name: 'Apply for this gig' })).not.toBeInTheDocument();
    act(() => signIn('worker-1'));
    expect(await screen.findByRole('form', { name: 'Apply for this gig' })).toBeInTheDocument();
    // The form focuses its message in an effect after it mounts: on a busy machine the check can come first.
    await waitFor(() => expect(screen.getByLabelText('Message to the poster')).toHaveFocus());
  });

  it('requires a message, counts its characters, sends the application and confirms it', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    apply.mockResolvedValue({ id: 'a1', status: 'applied', created_at: '2024-04-09T12:00:00Z', decline_notice: null });
    const user = userEvent.setup();
    render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    const form = screen.getByRole('form', { name: 'Apply for this gig' });
    await user.click(within(form).getByRole('button', { name: 'Send application' }));
    expect(within(form).getByText('Write a message to the poster')).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    const message = within(form).getByLabelText('Message to the poster');
    expect(message).toHaveAttribute('maxlength', '2000');
    await user.type(message, 'I can do it');
    expect(form).toHaveTextContent('11 / 2000 characters');
    await user.type(within(form).getByLabelText('Proposed rate ($ per hour)'), '50');
    await user.click(within(form).getByRole('button', { name: 'Send application' }));
    expect(apply).toHaveBeenCalledWith({ gigId: 'g1', message: 'I can do it', proposedRate: 50, availableFrom: null }, expect.any(AbortSignal));
    expect(await screen.findByText(APPLIED_NOTE)).toBeInTheDocument();
    expect(screen.getByText('Applied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw application' })).toBeInTheDocument();
  });

  it('refuses a proposed rate out of range, and offers none on a fixed gig', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    const user = userEvent.setup();
    const { unmount } = render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(screen.getByLabelText('Message to the poster'), 'Hello');
    await user.type(screen.getByLabelText('Proposed rate ($ per hour)'), '0');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByText('The proposed rate must be greater than 0 and at most 1000000')).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    // Cancel drops the draft (kept otherwise, and the form would reopen on it).
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    unmount();
    load.mockResolvedValue(gig({ paymentType: 'fixed', rate: 600 }));
    render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    expect(screen.queryByLabelText('Proposed rate ($ per hour)')).not.toBeInTheDocument();
  });

  it('the rate error clears once the rate is fixed; a start date too far ahead is refused at the field', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    const user = userEvent.setup();
    render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(screen.getByLabelText('Message to the poster'), 'Hello');
    const rate = screen.getByLabelText('Proposed rate ($ per hour)');
    await user.type(rate, '0');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    await user.clear(rate);
    await user.type(rate, '50');
    expect(rate).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/The proposed rate must be/)).not.toBeInTheDocument();
    // The same limit as the database's (two years ahead), on the field and as the picker's max.
    const start = screen.getByLabelText('When can you start?');
    expect(start).toHaveAttribute('max', latestStart());
    const tooFar = new Date(`${latestStart()}T12:00:00Z`);
    tooFar.setUTCDate(tooFar.getUTCDate() + 1);
    fireEvent.change(start, { target: { value: tooFar.toISOString().slice(0, 10) } });
    expect(start).toHaveAccessibleDescription(expect.stringContaining(START_ERROR));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(apply).not.toHaveBeenCalled();
    fireEvent.change(start, { target: { value: latestStart() } });
    expect(start).toHaveAttribute('aria-invalid', 'false');
  });

  it('a half-written application survives a reload, and a sign-out in another tab keeps it and offers Log in', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    const user = userEvent.setup();
    const first = render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(screen.getByLabelText('Message to the poster'), 'Half written');
    first.unmount();
    render(<GigPage gigId="g1" />);
    // Reopened on the draft, without pressing Apply Now.
    expect(await screen.findByLabelText('Message to the poster')).toHaveValue('Half written');
    act(() => signOutForTest());
    expect(screen.getByLabelText('Message to the poster')).toHaveValue('Half written');
    expect(screen.getByText(SIGNED_OUT_NOTE, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(uiStore.getState().authModal).toMatchObject({ open: true, mode: 'login' });
    act(() => signIn('worker-1'));
    apply.mockResolvedValue({ id: 'a1', status: 'applied', created_at: '2024-04-09T12:00:00Z', decline_notice: null });
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(APPLIED_NOTE)).toBeInTheDocument();
    // Sent: the draft is gone.
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('need40.draft.'))).toEqual([]);
  });

  it("shows the database's refusal in its words, and a plain message when the network fails", async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    apply.mockRejectedValueOnce({ code: 'N4002', message: 'This gig is no longer open for applications' }).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await user.type(screen.getByLabelText('Message to the poster'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This gig is no longer open for applications');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(NETWORK_MESSAGE)).toBeInTheDocument();
  });

  it('already applied: shows the status and withdraws while pending; then offers to apply again', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    mine.mockResolvedValue({ id: 'a1', status: 'applied', created_at: '2024-04-09T12:00:00Z', decline_notice: null });
    transition.mockResolvedValue({ id: 'a1', status: 'withdrawn', created_at: '2024-04-09T12:00:00Z', decline_notice: null });
    const user = userEvent.setup();
    render(<GigPage gigId="g1" />);
    expect(await screen.findByText('Applied')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw application' }));
    expect(transition).toHaveBeenCalledWith('withdraw_application', 'a1');
    expect(await screen.findByRole('button', { name: 'Apply again' })).toBeInTheDocument();
  });

  it('a declined application shows the notice and no Withdraw', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig({ status: 'filled' }));
    mine.mockResolvedValue({ id: 'a1', status: 'declined', created_at: '2024-04-09T12:00:00Z', decline_notice: 'Thank you for applying. The poster has chosen another applicant, so this gig is now filled.' });
    render(<GigPage gigId="g1" />);
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(screen.getByText(/The poster has chosen another applicant/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
  });

  it('a failed check of the application says so and can be tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    mine.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(null);
    const user = userEvent.setup();
    render(<GigPage gigId="g1" />);
    expect(await screen.findByText(/Could not check whether you applied/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Apply Now' })).toBeInTheDocument();
  });
});

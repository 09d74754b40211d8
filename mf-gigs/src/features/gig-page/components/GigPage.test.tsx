import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiStore } from '@need40/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../../test/fixtures';
import { applyToGig, fetchMyApplication, fireTransition } from '../../../lib/applications';
import { fetchGig } from '../api/fetchGig';
import type { GigDetail } from '../types';
import { GIG_LOAD_FAILED, GigPage, MISSING_GIG } from './GigPage';
import { APPLIED_NOTE } from './ApplyPanel';

vi.mock('../api/fetchGig', () => ({ fetchGig: vi.fn() }));
vi.mock('../../../lib/applications', async (original) => ({
  ...(await original<object>()),
  applyToGig: vi.fn(),
  fireTransition: vi.fn(),
  fetchMyApplication: vi.fn(),
}));
vi.mock('../../../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), ensureSavedLoaded: vi.fn(async () => undefined) }));

const gig = (overrides: Partial<GigDetail> = {}): GigDetail => ({
  id: 'g1',
  userId: 'poster-1',
  title: 'Build a landing page',
  description: 'One page, responsive.\nWith a contact form.',
  paymentType: 'hourly',
  rate: 45,
  hours: 10,
  location: 'remote',
  skills: ['React', 'CSS'],
  status: 'active',
  applicantCount: 3,
  postedDate: '2024-04-08T12:00:00Z',
  poster: { displayName: 'Ada Lovelace', avatarUrl: null, memberSince: '2024-03-15T12:00:00Z' },
  ...overrides,
});

const load = vi.mocked(fetchGig);
const mine = vi.mocked(fetchMyApplication);
const apply = vi.mocked(applyToGig);
const transition = vi.mocked(fireTransition);

beforeEach(() => {
  vi.clearAllMocks();
  resetUi();
  mine.mockResolvedValue(null);
});
afterEach(() => act(() => signOutForTest()));

describe("a gig's page", () => {
  it('shows loading, then the whole gig: poster, pay with the Need40 split, facts, description, skills', async () => {
    act(() => signOutForTest());
    load.mockResolvedValue(gig());
    render(<GigPage gigId="g1" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading gig...');
    const page = await screen.findByRole('article', { name: 'Build a landing page' });
    expect(within(page).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '#profile/poster-1');
    expect(page).toHaveTextContent('Member since March 2024');
    expect(page).toHaveTextContent('$45/hr hourly');
    expect(page).toHaveTextContent('The worker keeps (95%)$42.75/hr');
    expect(page).toHaveTextContent('Need40 fee (5%)$2.25/hr');
    expect(page).toHaveTextContent('About $450 for 10 hours, of which the worker keeps $427.50.');
    expect(page).toHaveTextContent('10 hrs (est.)');
    expect(page).toHaveTextContent('Remote');
    expect(page).toHaveTextContent('Apr 8, 2024');
    expect(within(page).getByTestId('applicant-count')).toHaveTextContent('3');
    expect(page).toHaveTextContent('With a contact form.');
    expect(within(within(page).getByRole('list', { name: 'Skills' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['React', 'CSS']);
    expect(within(page).getByRole('link', { name: '← Back to gigs' })).toHaveAttribute('href', '#gigs');
    expect(within(page).getByRole('button', { name: 'Save Build a landing page' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a fixed gig shows the split of its total', async () => {
    load.mockResolvedValue(gig({ paymentType: 'fixed', rate: 600, hours: null }));
    render(<GigPage gigId="g1" />);
    const page = await screen.findByRole('article');
    expect(page).toHaveTextContent('The worker keeps (95%)$570');
    expect(page).toHaveTextContent('Need40 fee (5%)$30');
  });

  it('an unknown or removed gig says so, with a way back to the gigs', async () => {
    load.mockResolvedValue(null);
    render(<GigPage gigId="nope" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING_GIG);
    expect(screen.getByRole('link', { name: '← Back to gigs' })).toHaveAttribute('href', '#gigs');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a failed read says so and Try again reads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(gig());
    render(<GigPage gigId="g1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(GIG_LOAD_FAILED);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Build a landing page' })).toBeInTheDocument();
  });

  it('a filled gig shows "Filled" and takes no application', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig({ status: 'filled' }));
    render(<GigPage gigId="g1" />);
    const page = await screen.findByRole('article');
    expect(page).toHaveTextContent('Filled');
    expect(await within(page).findByText('This gig is no longer open for applications.')).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it('on their own gig the poster sees "This is your gig" instead of Apply Now', async () => {
    act(() => signIn('poster-1'));
    load.mockResolvedValue(gig());
    render(<GigPage gigId="g1" />);
    expect(await screen.findByRole('button', { name: 'This is your gig' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
    expect(mine).not.toHaveBeenCalled();
  });
});

describe('applying', () => {
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
    expect(screen.getByLabelText('Message to the poster')).toHaveFocus();
  });

  it('requires a message, counts its characters, sends the application and confirms it', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    apply.mockResolvedValue({ id: 'a1', status: 'applied', created_at: '2024-04-09T12:00:00Z' });
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
    expect(apply).toHaveBeenCalledWith({ gigId: 'g1', message: 'I can do it', proposedRate: 50, availableFrom: null });
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
    unmount();
    load.mockResolvedValue(gig({ paymentType: 'fixed', rate: 600 }));
    render(<GigPage gigId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
    expect(screen.queryByLabelText('Proposed rate ($ per hour)')).not.toBeInTheDocument();
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
    expect(await screen.findByText('Your application could not be sent. Check your connection and try again.')).toBeInTheDocument();
  });

  it('already applied: shows the status and withdraws while pending; then offers to apply again', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    mine.mockResolvedValue({ id: 'a1', status: 'applied', created_at: '2024-04-09T12:00:00Z' });
    transition.mockResolvedValue({ id: 'a1', status: 'withdrawn', created_at: '2024-04-09T12:00:00Z' });
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
    mine.mockResolvedValue({ id: 'a1', status: 'declined', decline_notice: 'Thank you for applying. The poster has chosen another applicant, so this gig is now filled.' });
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

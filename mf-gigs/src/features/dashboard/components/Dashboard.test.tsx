import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiStore } from '@need40/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../../test/fixtures';
import { closeGig, declineApplication, fireTransition } from '../../../lib/applications';
import { fetchApplicants, fetchMyApplications, fetchMyGigs, fetchSavedGigs, type ApplicantRow } from '../api/dashboard';
import { Dashboard } from './Dashboard';
import { fakeSupabase } from '@need40/shared/testing';

const supabase = fakeSupabase();
vi.mock('../api/dashboard', () => ({ fetchMyGigs: vi.fn(), fetchApplicants: vi.fn(), fetchMyApplications: vi.fn(), fetchSavedGigs: vi.fn() }));
vi.mock('../../../lib/applications', async (original) => ({ ...(await original<object>()), fireTransition: vi.fn(), declineApplication: vi.fn(), closeGig: vi.fn() }));
vi.mock('../../../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));

const myGigs = vi.mocked(fetchMyGigs);
const applicants = vi.mocked(fetchApplicants);
const myApps = vi.mocked(fetchMyApplications);
const saved = vi.mocked(fetchSavedGigs);
const transition = vi.mocked(fireTransition);
const decline = vi.mocked(declineApplication);
const close = vi.mocked(closeGig);

const part = (name: string) => within(screen.getByRole('region', { name }));
const applicant = (overrides: Partial<ApplicantRow> = {}): ApplicantRow => ({
  id: 'a1',
  message: 'I have built many landing pages.',
  proposed_rate: 50,
  available_from: '2030-01-02',
  status: 'applied',
  created_at: '2024-04-09T12:00:00Z',
  decline_note: null,
  worker: { id: 'w1', full_name: 'Grace Hopper', username: 'grace_h1', title: 'Frontend developer', avatar_url: null, hourly_rate: 55, member_ratings: null },
  ...overrides,
});

beforeEach(() => {
  supabase.reset();
  vi.clearAllMocks();
  resetUi();
  act(() => signIn('poster-1'));
  myGigs.mockResolvedValue({ rows: [] });
  myApps.mockResolvedValue({ rows: [] });
  saved.mockResolvedValue({ rows: [] });
});
afterEach(() => act(() => signOutForTest()));

describe('the dashboard', () => {
  it('shows its three parts, each empty with a next step', async () => {
    render(<Dashboard />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await part('My gigs').findByText(/You have not posted a gig yet/)).toBeInTheDocument();
    expect(part('My gigs').getByRole('link', { name: 'Post your first gig' })).toHaveAttribute('href', '#post-gig');
    expect(await part('My applications').findByText(/You have not applied to a gig yet/)).toBeInTheDocument();
    expect(part('My applications').getByRole('link', { name: 'Browse the latest gigs' })).toHaveAttribute('href', '#gigs');
    expect(await part('Saved gigs').findByText(/No saved gigs yet/)).toBeInTheDocument();
    expect(myGigs).toHaveBeenCalledWith('poster-1', null, 21);
  });

  it('says while it loads, and a failed list says so with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    myGigs.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({ rows: [] });
    render(<Dashboard />);
    expect(part('My gigs').getByRole('status')).toHaveTextContent('Loading your gigs...');
    expect(await part('My gigs').findByRole('alert')).toHaveTextContent('Could not load your gigs. Check your connection and try again.');
    await userEvent.setup().click(part('My gigs').getByRole('button', { name: 'Try again' }));
    expect(await part('My gigs').findByText(/You have not posted a gig yet/)).toBeInTheDocument();
  });

  it('signed out, it asks to log in', () => {
    act(() => signOutForTest());
    render(<Dashboard />);
    expect(screen.getByText('Log in to see your dashboard.')).toBeInTheDocument();
  });
});

describe('My gigs', () => {
  beforeEach(() => {
    myGigs.mockResolvedValue({ rows: [{ id: 'g1', title: 'Build a landing page', status: 'active', applicant_count: 2, created_at: '2024-04-08T12:00:00Z', hidden_cause: null, hidden_reason: null }] });
  });

  it("lists the poster's gigs with status and applicants; opening one lists its applicants", async () => {
    applicants.mockResolvedValue({ rows: [applicant(), applicant({ id: 'a2', proposed_rate: null, available_from: null, worker: { id: 'w2', full_name: 'Alan Turing', username: 'alan_t1', title: null, avatar_url: null, hourly_rate: null, member_ratings: null } })] });
    const user = userEvent.setup();
    render(<Dashboard />);
    const gigs = part('My gigs');
    expect(await gigs.findByRole('link', { name: 'Build a landing page' })).toHaveAttribute('href', '#gig/g1');
    expect(gigs.getByText('Open')).toBeInTheDocument();
    expect(gigs.getByText(/2 applicants/)).toBeInTheDocument();
    const view = gigs.getByRole('button', { name: 'View applicants for Build a landing page' });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    await user.click(view);
    expect(view).toHaveAttribute('aria-expanded', 'true');
    const grace = await gigs.findByRole('listitem', { name: 'Application from Grace Hopper' });
    expect(within(grace).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '#profile/w1');
    expect(grace).toHaveTextContent('I have built many landing pages.');
    expect(grace).toHaveTextContent('proposes $50/hr');
    expect(grace).toHaveTextContent('Frontend developer');
    expect(grace).toHaveTextContent('Applied');
  });

  it('Accept asks once more (every other pending applicant is declined), then fires the transition, shows its answer in place, reads My gigs again and refreshes the open grid', async () => {
    applicants.mockResolvedValue({ rows: [applicant()] });
    transition.mockResolvedValue({ id: 'a1', status: 'accepted', created_at: '2024-04-09T12:00:00Z', decline_notice: null });
    const user = userEvent.setup();
    render(<Dashboard />);
    await user.click(await part('My gigs').findByRole('button', { name: /View applicants/ }));
    await user.click(await part('My gigs').findByRole('button', { name: 'Accept Grace Hopper' }));
    const ask = part('My gigs').getByRole('group', { name: 'Accept Grace Hopper' });
    expect(ask).toHaveTextContent('Accept Grace Hopper? Every other pending applicant will be declined, and the gig will be filled.');
    await user.click(within(ask).getByRole('button', { name: 'Keep reviewing' }));
    expect(transition).not.toHaveBeenCalled();
    await user.click(part('My gigs').getByRole('button', { name: 'Accept Grace Hopper' }));
    await user.click(part('My gigs').getByRole('button', { name: 'Yes, accept Grace Hopper' }));
    expect(transition).toHaveBeenCalledWith('accept_application', 'a1');
    expect(await part('My gigs').findByText('Accepted')).toBeInTheDocument();
    expect(part('My gigs').queryByRole('button', { name: 'Accept Grace Hopper' })).not.toBeInTheDocument();
    expect(uiStore.getState().gigsVersion).toBe(1);
    // The transition's answer is the application as it is now: the applicants are not read again.
    expect(applicants).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(myGigs).toHaveBeenCalledTimes(2));
  });

  it("Decline can carry a personal note; a refusal is shown in the database's words", async () => {
    applicants.mockResolvedValue({ rows: [applicant()] });
    decline.mockRejectedValue({ code: 'N4005', message: 'This application is withdrawn and can no longer be changed that way' });
    const user = userEvent.setup();
    render(<Dashboard />);
    await user.click(await part('My gigs').findByRole('button', { name: /View applicants/ }));
    await user.click(await part('My gigs').findByRole('button', { name: 'Decline Grace Hopper' }));
    const form = part('My gigs').getByRole('form', { name: 'Decline Grace Hopper' });
    await user.type(within(form).getByLabelText('A note to Grace Hopper (optional)'), '  Thank you, next time!  ');
    await user.click(within(form).getByRole('button', { name: 'Decline Grace Hopper' }));
    expect(decline).toHaveBeenCalledWith('a1', 'Thank you, next time!');
    expect(await part('My gigs').findByRole('alert')).toHaveTextContent('This application is withdrawn and can no longer be changed that way');
  });

  it('Close gig asks once more, then closes without choosing anyone', async () => {
    applicants.mockResolvedValue({ rows: [] });
    close.mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<Dashboard />);
    await user.click(await part('My gigs').findByRole('button', { name: /View applicants/ }));
    expect(await part('My gigs').findByText("No applicants yet. Share the gig's page to find one.")).toBeInTheDocument();
    await user.click(part('My gigs').getByRole('button', { name: 'Close gig without choosing' }));
    await user.click(part('My gigs').getByRole('button', { name: 'Keep it open' }));
    expect(close).not.toHaveBeenCalled();
    await user.click(part('My gigs').getByRole('button', { name: 'Close gig without choosing' }));
    await user.click(part('My gigs').getByRole('button', { name: 'Yes, close gig' }));
    expect(close).toHaveBeenCalledWith('g1');
  });
});

describe('My applications and Saved gigs', () => {
  it('lists applications with status, date and notice; Withdraw while pending', async () => {
    myApps.mockResolvedValueOnce({ rows: [
      { id: 'a1', status: 'applied', created_at: '2024-04-09T12:00:00Z', decline_notice: null, decline_note: null, gigs: { id: 'g1', title: 'Logo', status: 'active', rate: 250, payment_type: 'fixed' } },
      { id: 'a2', status: 'declined', created_at: '2024-04-09T12:00:00Z', decline_notice: 'Thank you for applying. The poster has chosen another applicant, so this gig is now filled.', decline_note: null, gigs: { id: 'g2', title: 'Poster', status: 'filled', rate: 30, payment_type: 'hourly' } },
    ] });
    transition.mockResolvedValue({ id: 'a1', status: 'withdrawn', created_at: '2024-04-09T12:00:00Z', decline_notice: null });
    const user = userEvent.setup();
    render(<Dashboard />);
    const apps = part('My applications');
    const logo = await apps.findByRole('listitem', { name: 'Application for Logo' });
    expect(logo).toHaveTextContent('Applied');
    expect(within(logo).getByRole('link', { name: 'Logo' })).toHaveAttribute('href', '#gig/g1');
    const declined = apps.getByRole('listitem', { name: 'Application for Poster' });
    expect(declined).toHaveTextContent('Declined');
    expect(declined).toHaveTextContent('The poster has chosen another applicant');
    expect(within(declined).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    await user.click(within(logo).getByRole('button', { name: 'Withdraw your application for Logo' }));
    expect(transition).toHaveBeenCalledWith('withdraw_application', 'a1');
    // The answer shows in place, without reading the list again.
    await vi.waitFor(() => expect(logo).toHaveTextContent('Withdrawn'));
    expect(within(logo).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(myApps).toHaveBeenCalledTimes(1);
  });

  it('lists saved gigs with their rate, a link to each and the Save toggle', async () => {
    saved.mockResolvedValue({ rows: [{ created_at: '2024-04-09T12:00:00Z', gig_id: 'g3', gigs: { id: 'g3', title: 'Copywriting', status: 'closed', rate: 40, payment_type: 'hourly' } }] });
    render(<Dashboard />);
    const list = part('Saved gigs');
    expect(await list.findByRole('link', { name: 'Copywriting' })).toHaveAttribute('href', '#gig/g3');
    expect(list.getByText('$40/hr')).toBeInTheDocument();
    expect(list.getByText('Closed')).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Save Copywriting' })).toBeInTheDocument();
  });
});

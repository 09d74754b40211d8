import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeGigDetail as gig, signIn, signOutForTest } from '../../../test/fixtures';
import { fetchMyApplication } from '../../../lib/applications';
import { watchGigs } from '../../../lib/live/watchGigs';
import { fetchGig } from '../api/fetchGig';
import { GIG_LOAD_FAILED, GigPage, MISSING_GIG } from './GigPage';
import { resetGigPageEachTest } from '../../../test/gigPage';

vi.mock('../api/fetchGig', () => ({ fetchGig: vi.fn() }));
vi.mock('../../../lib/live/watchGigs', () => ({ watchGigs: vi.fn(() => () => {}) }));
vi.mock('../../../lib/applications', async (original) => (await import('../../../test/mockApplications')).applicationsWithMocks(original));
vi.mock('../../../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));

const load = vi.mocked(fetchGig);
const mine = vi.mocked(fetchMyApplication);

resetGigPageEachTest();

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

  it('keeps the applicant count and status current from the gig\'s live changes, and reads again after a reconnect', async () => {
    act(() => signIn('worker-1'));
    load.mockResolvedValue(gig());
    render(<GigPage gigId="g1" />);
    const page = await screen.findByRole('article', { name: 'Build a landing page' });
    expect(watchGigs).toHaveBeenCalledWith('need40-gig-g1', expect.any(Object), 'id=eq.g1');
    const watch = vi.mocked(watchGigs).mock.calls.at(-1)![1];
    act(() => watch.onChange({ event: 'UPDATE', row: { id: 'g1', applicant_count: 4, status: 'active' }, old: { id: 'g1' } }));
    expect(within(page).getByTestId('applicant-count')).toHaveTextContent('4');
    act(() => watch.onChange({ event: 'UPDATE', row: { id: 'g1', applicant_count: 'x', status: 'filled' }, old: { id: 'g1' } }));
    expect(within(page).getByTestId('applicant-count')).toHaveTextContent('4');
    expect(await within(page).findByText('This gig is no longer open for applications.')).toBeInTheDocument();
    load.mockResolvedValue(gig({ applicantCount: 7 }));
    act(() => watch.onRejoined!());
    expect(await within(page).findByText('7')).toBeInTheDocument();
    // DELETEs are not filtered (Supabase's rule under row-level security): another gig's changes nothing.
    act(() => watch.onChange({ event: 'DELETE', row: {}, old: { id: 'g2' } }));
    expect(within(page).getByTestId('applicant-count')).toHaveTextContent('7');
    act(() => watch.onChange({ event: 'DELETE', row: {}, old: { id: 'g1' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING_GIG);
  });

  it('a fixed gig shows the split of its total, as the database computed it', async () => {
    load.mockResolvedValue(gig({ paymentType: 'fixed', rate: 600, hours: null, workerCents: 57000, feeCents: 3000, estimateWorkerCents: null }));
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

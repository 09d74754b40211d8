import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, notifyGigsChanged } from '@need40/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGig, resetUi } from '../../../test/fixtures';
import { fetchGigs } from '../api/fetchGigs';
import { LatestGigs, LOADING_GIGS } from './LatestGigs';

vi.mock('../api/fetchGigs', () => ({ fetchGigs: vi.fn(), PAGE_SIZE: 2 }));
const fetchMock = vi.mocked(fetchGigs);

const newer = makeGig({ id: 'g2', title: 'Newer gig', postedDate: '2024-05-01T12:00:00Z' });
const older = makeGig({ id: 'g1', title: 'Older gig', postedDate: '2024-04-08T12:00:00Z' });
const filterBar = () => within(screen.getByRole('search', { name: 'Filter gigs' }));
const cardTitles = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('Latest Gigs', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    resetUi();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows loading text, then the cards in the order read (newest first)', async () => {
    fetchMock.mockResolvedValue({ gigs: [newer, older], total: 2 });
    render(<LatestGigs />);
    expect(screen.getByRole('heading', { name: 'Latest Gigs' })).toBeInTheDocument();
    expect(screen.getByText(LOADING_GIGS)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Newer gig' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Newer gig', 'Older gig']);
    expect(screen.queryByText(LOADING_GIGS)).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 gigs')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith({}, 0);
  });

  it('says "No gigs available yet" with a way to post the first gig', async () => {
    fetchMock.mockResolvedValue({ gigs: [], total: 0 });
    render(<LatestGigs />);
    expect(await screen.findByText(MESSAGES.noGigs)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post the first gig' })).toHaveAttribute('href', '#post-gig');
  });

  it('logs a failed read to the console only and ends loading', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new Error('network down'));
    render(<LatestGigs />);
    expect(await screen.findByText(MESSAGES.noGigs)).toBeInTheDocument();
    expect(screen.queryByText(LOADING_GIGS)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[mf-gigs] could not load gigs', expect.any(Error));
  });

  it('re-reads when a gig is created anywhere on the page (gigsVersion)', async () => {
    fetchMock.mockResolvedValueOnce({ gigs: [older], total: 1 }).mockResolvedValueOnce({ gigs: [newer, older], total: 2 });
    render(<LatestGigs />);
    await screen.findByRole('article', { name: 'Older gig' });
    act(() => notifyGigsChanged());
    expect(await screen.findByRole('article', { name: 'Newer gig' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Newer gig', 'Older gig']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('loads more a page at a time until every gig is shown', async () => {
    const third = makeGig({ id: 'g0', title: 'Oldest gig' });
    fetchMock.mockResolvedValueOnce({ gigs: [newer, older], total: 3 }).mockResolvedValueOnce({ gigs: [third], total: 3 });
    const user = userEvent.setup();
    render(<LatestGigs />);
    await user.click(await screen.findByRole('button', { name: 'Load more gigs' }));
    expect(await screen.findByRole('article', { name: 'Oldest gig' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith({}, 2);
    expect(cardTitles()).toEqual(['Newer gig', 'Older gig', 'Oldest gig']);
    expect(screen.getByText('Showing 3 of 3 gigs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more gigs' })).not.toBeInTheDocument();
  });

  it('shows "Loading more gigs..." while the next page is on its way', async () => {
    fetchMock.mockResolvedValueOnce({ gigs: [newer, older], total: 3 }).mockReturnValueOnce(new Promise(() => {}));
    const user = userEvent.setup();
    render(<LatestGigs />);
    await user.click(await screen.findByRole('button', { name: 'Load more gigs' }));
    expect(screen.getByRole('button', { name: 'Loading more gigs...' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('Latest Gigs filters', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue({ gigs: [newer], total: 1 });
    resetUi();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the filters from the page URL on load (a shared link)', async () => {
    window.history.replaceState(null, '', '/?q=logo&type=fixed&location=remote&min=100&max=900&skills=figma,%20branding#gigs');
    render(<LatestGigs />);
    await screen.findByRole('article');
    expect(fetchMock).toHaveBeenCalledWith(
      { search: 'logo', paymentType: 'fixed', location: 'remote', minRate: 100, maxRate: 900, skills: ['figma', 'branding'] },
      0,
    );
    expect(filterBar().getByLabelText('Search titles')).toHaveValue('logo');
    expect(filterBar().getByLabelText('Payment type')).toHaveValue('fixed');
    expect(filterBar().getByLabelText('Location')).toHaveValue('remote');
    expect(filterBar().getByLabelText('Min rate ($)')).toHaveValue(100);
    expect(filterBar().getByLabelText('Max rate ($)')).toHaveValue(900);
    expect(filterBar().getByLabelText('Skills')).toHaveValue('figma, branding');
  });

  it('debounces typed text into one read and keeps it in the URL (other parameters and the hash kept)', async () => {
    window.history.replaceState(null, '', '/?ref=mail#gigs');
    const user = userEvent.setup();
    render(<LatestGigs />);
    await screen.findByRole('article');
    await user.type(filterBar().getByLabelText('Search titles'), 'logo');
    await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith({ search: 'logo' }, 0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(window.location.search).toBe('?ref=mail&q=logo');
    expect(window.location.hash).toBe('#gigs');
  });

  it('applies choices at once and sends min, max and skills', async () => {
    const user = userEvent.setup();
    render(<LatestGigs />);
    await screen.findByRole('article');
    await user.selectOptions(filterBar().getByLabelText('Payment type'), 'hourly');
    expect(fetchMock).toHaveBeenLastCalledWith({ paymentType: 'hourly' }, 0);
    await user.selectOptions(filterBar().getByLabelText('Location'), 'onsite');
    await user.type(filterBar().getByLabelText('Min rate ($)'), '20');
    await user.type(filterBar().getByLabelText('Max rate ($)'), '80');
    await user.type(filterBar().getByLabelText('Skills'), 'react, css');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith({ paymentType: 'hourly', location: 'onsite', minRate: 20, maxRate: 80, skills: ['react', 'css'] }, 0),
    );
    expect(new URLSearchParams(window.location.search).get('skills')).toBe('react, css');
  });

  it('shows the answer to the latest filters even when an older read answers last', async () => {
    let answerFirst: (page: { gigs: ReturnType<typeof makeGig>[]; total: number }) => void = () => {};
    fetchMock.mockReset();
    fetchMock
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ gigs: [older], total: 1 });
    const user = userEvent.setup();
    render(<LatestGigs />);
    await user.selectOptions(filterBar().getByLabelText('Location'), 'remote');
    expect(await screen.findByRole('article', { name: 'Older gig' })).toBeInTheDocument();
    act(() => answerFirst({ gigs: [newer], total: 1 }));
    await new Promise((r) => setTimeout(r, 20));
    expect(cardTitles()).toEqual(['Older gig']);
  });

  it('suggests clearing the filters when they match nothing, and clearing shows every gig again', async () => {
    window.history.replaceState(null, '', '/?location=hybrid');
    fetchMock.mockImplementation(async (filters) => (filters.location ? { gigs: [], total: 0 } : { gigs: [newer], total: 1 }));
    const user = userEvent.setup();
    render(<LatestGigs />);
    expect(await screen.findByText('No gigs match these filters.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.noGigs)).not.toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clearButtons[clearButtons.length - 1]!);
    expect(await screen.findByRole('article', { name: 'Newer gig' })).toBeInTheDocument();
    expect(filterBar().getByLabelText('Location')).toHaveValue('');
    expect(window.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });
});

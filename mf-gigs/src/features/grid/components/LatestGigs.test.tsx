import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, notifyGigsChanged } from '@need40/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGig, resetUi } from '../../../test/fixtures';
import { fetchGigs } from '../api/fetchGigs';
import { GIGS_LOAD_FAILED } from './GigsLoadError';
import { LatestGigs, LOAD_MORE_FAILED, LOADING_GIGS } from './LatestGigs';
import { GIG_CANT_BE_SHOWN } from './SafeGigCard';

vi.mock('../api/fetchGigs', () => ({ fetchGigs: vi.fn(), PAGE_SIZE: 2 }));
vi.mock('../../../lib/live/watchGigs', () => ({ watchGigs: vi.fn(() => () => {}) }));
const fetchMock = vi.mocked(fetchGigs);

const newer = makeGig({ id: 'g2', title: 'Newer gig', postedDate: '2024-05-01T12:00:00Z' });
const older = makeGig({ id: 'g1', title: 'Older gig', postedDate: '2024-04-08T12:00:00Z' });
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

  it('a failed read says gigs could not be loaded (never "No gigs available yet"), logs it, and Retry reads again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce({ gigs: [newer], total: 1 });
    const user = userEvent.setup();
    render(<LatestGigs />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(GIGS_LOAD_FAILED);
    expect(alert).toHaveTextContent("Can't reach Need40 right now — check your connection and try again.");
    expect(screen.queryByText(MESSAGES.noGigs)).not.toBeInTheDocument();
    expect(screen.queryByText(LOADING_GIGS)).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[mf-gigs] could not load gigs', expect.any(Error));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Newer gig' })).toBeInTheDocument();
    expect(screen.queryByText(GIGS_LOAD_FAILED)).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failed "Load more" says so and keeps the cards and the button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce({ gigs: [newer, older], total: 3 }).mockRejectedValueOnce(new Error('network down'));
    const user = userEvent.setup();
    render(<LatestGigs />);
    await user.click(await screen.findByRole('button', { name: 'Load more gigs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_MORE_FAILED);
    expect(cardTitles()).toEqual(['Newer gig', 'Older gig']);
    expect(screen.getByRole('button', { name: 'Load more gigs' })).toBeInTheDocument();
  });

  it('a malformed gig breaks only its own card, which says it cannot be shown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...makeGig({ id: 'bad', title: 'Broken gig' }), skills: 'not a list' } as unknown as ReturnType<typeof makeGig>;
    const noRate = makeGig({ id: 'nan', title: 'No rate', rate: Number.NaN });
    fetchMock.mockResolvedValue({ gigs: [newer, broken, noRate, older], total: 4 });
    render(<LatestGigs />);
    expect(await screen.findByRole('article', { name: 'Newer gig' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Newer gig', 'Older gig']);
    expect(screen.getAllByText(GIG_CANT_BE_SHOWN)).toHaveLength(2);
    expect(screen.getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'UL' && li.textContent === GIG_CANT_BE_SHOWN)).toHaveLength(2);
    expect(screen.queryByText('$NaN/hr')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[mf-gigs] a gig card failed', expect.any(Error));
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

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAuthEvent } from '@need40/shared';
import { getPublicProfile } from '../features/public-profile/api/getPublicProfile';
import { fetchMoreOpenGigs, fetchMoreReviews } from '../features/public-profile/api/morePages';
import type { OpenGig, Review } from '../features/public-profile/types';
import { aPublicProfile } from '../test/publicProfiles';
import PublicProfile from './PublicProfile';

vi.mock('../features/public-profile/api/getPublicProfile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/public-profile/api/getPublicProfile')>()),
  getPublicProfile: vi.fn(),
}));
vi.mock('../features/public-profile/api/morePages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/public-profile/api/morePages')>()),
  fetchMoreOpenGigs: vi.fn(),
  fetchMoreReviews: vi.fn(),
}));
const ID = '2f1c6d8e-1b7a-4c1e-9a53-0c7f0d2b9e11';
const day = (i: number) => new Date(Date.UTC(2024, 3, 30) - i * 86_400_000).toISOString();
const gig = (i: number): OpenGig => ({ id: `g${i}`, createdAt: day(i), title: `Gig ${i}`, paymentType: 'fixed', rate: 100 });
const review = (i: number): Review => ({ id: `r${i}`, rating: 4, body: `Review ${i}`, createdAt: day(i), reviewerName: 'Ada Lovelace', gig: null });
const range = <T,>(from: number, to: number, make: (i: number) => T) => Array.from({ length: to - from }, (_, k) => make(from + k));

beforeEach(() => {
  vi.mocked(getPublicProfile).mockReset();
  act(() => applyAuthEvent('SIGNED_OUT', null));
});

describe('a busy member', () => {
  it('shows the first 20 open gigs and reviews; Show more reads the next page (focus, announcement) until the end', async () => {
    vi.mocked(getPublicProfile).mockResolvedValue(
      aPublicProfile({ openGigs: range(0, 20, gig), moreOpenGigs: true, reviews: range(0, 20, review), moreReviews: true, rating: { average: 4, count: 23 } }),
    );
    vi.mocked(fetchMoreOpenGigs).mockResolvedValueOnce({ rows: range(20, 25, gig) });
    vi.mocked(fetchMoreReviews).mockResolvedValueOnce({ rows: range(20, 23, review) });
    const user = userEvent.setup();
    render(<PublicProfile profileId={ID} />);
    const gigs = within(await screen.findByRole('region', { name: 'Open gigs' }));
    expect(gigs.getAllByRole('listitem')).toHaveLength(20);
    await user.click(gigs.getByRole('button', { name: 'Show more open gigs' }));
    expect(fetchMoreOpenGigs).toHaveBeenCalledWith(ID, gig(19), 21);
    expect(await gigs.findByRole('link', { name: 'Gig 24' })).toBeInTheDocument();
    expect(gigs.getByRole('link', { name: 'Gig 20' }).closest('li')).toHaveFocus();
    expect(gigs.getByText('5 more open gigs shown, no more open gigs.')).toBeInTheDocument();
    expect(gigs.queryByRole('button', { name: 'Show more open gigs' })).not.toBeInTheDocument();

    const reviews = within(screen.getByRole('region', { name: 'Reviews' }));
    expect(reviews.getByText('Showing 20 of 23 reviews')).toBeInTheDocument();
    await user.click(reviews.getByRole('button', { name: 'Show more reviews' }));
    expect(await reviews.findByText('Review 22')).toBeInTheDocument();
    expect(fetchMoreReviews).toHaveBeenCalledWith(ID, review(19), 21);
  });

  it('a failed page says so and keeps what is shown; a member with few offers no Show more', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getPublicProfile).mockResolvedValue(aPublicProfile({ openGigs: range(0, 20, gig), moreOpenGigs: true }));
    vi.mocked(fetchMoreOpenGigs).mockRejectedValueOnce(new Error('Could not load more open gigs.'));
    const user = userEvent.setup();
    render(<PublicProfile profileId={ID} />);
    const gigs = within(await screen.findByRole('region', { name: 'Open gigs' }));
    await user.click(gigs.getByRole('button', { name: 'Show more open gigs' }));
    expect(await gigs.findByRole('alert')).toHaveTextContent('Could not load more open gigs. Check your connection and try again.');
    expect(gigs.getAllByRole('listitem')).toHaveLength(20);
    expect(within(screen.getByRole('region', { name: 'Reviews' })).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGig, resetUi, signIn, signOutForTest } from '../../../test/fixtures';
import { watchGigs, type GigWatch } from '../../../lib/live/watchGigs';
import { fetchGigs } from '../api/fetchGigs';
import { LatestGigs } from './LatestGigs';

vi.mock('../api/fetchGigs', () => ({ fetchGigs: vi.fn(), PAGE_SIZE: 12 }));
vi.mock('../../../lib/live/watchGigs', () => ({ watchGigs: vi.fn(() => () => {}) }));
const fetchMock = vi.mocked(fetchGigs);

const shown = makeGig({ id: 'g1', title: 'Shown gig' });
const fresh = makeGig({ id: 'g2', title: 'Fresh gig', userId: 'someone-else' });
const row = (gig = fresh, status = 'active') => ({
  id: gig.id, user_id: gig.userId, title: gig.title, payment_type: gig.paymentType, location: gig.location, rate: gig.rate, skills: gig.skills, status,
});

/** The watcher the grid registered (the latest one). */
const watcher = (): GigWatch => vi.mocked(watchGigs).mock.calls.at(-1)![1];
const cardTitles = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

async function openGrid() {
  fetchMock.mockResolvedValueOnce({ gigs: [shown], total: 1 });
  render(<LatestGigs />);
  expect(await screen.findByRole('article', { name: 'Shown gig' })).toBeInTheDocument();
}

describe('Latest Gigs while open', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.mocked(watchGigs).mockClear();
    resetUi();
    signOutForTest();
  });
  afterEach(() => signOutForTest());

  it('collects gigs posted elsewhere behind a polite "1 new gig — show" without moving the cards', async () => {
    await openGrid();
    expect(watchGigs).toHaveBeenCalledWith('need40-latest-gigs', expect.any(Object));
    act(() => watcher().onChange({ event: 'INSERT', row: row(), old: {} }));
    const notice = screen.getByRole('button', { name: '1 new gig — show' });
    expect(notice.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(cardTitles()).toEqual(['Shown gig']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => watcher().onChange({ event: 'INSERT', row: row(makeGig({ id: 'g3', userId: 'x' })), old: {} }));
    expect(screen.getByRole('button', { name: '2 new gigs — show' })).toBeInTheDocument();
  });

  it('an empty grid takes a gig posted elsewhere straight in: never "No gigs available yet" beside "1 new gig — show"', async () => {
    fetchMock.mockResolvedValueOnce({ gigs: [], total: 0 });
    render(<LatestGigs />);
    expect(await screen.findByText('No gigs available yet')).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce({ gigs: [fresh], total: 1 });
    act(() => watcher().onChange({ event: 'INSERT', row: row(), old: {} }));
    expect(await screen.findByRole('article', { name: 'Fresh gig' })).toBeInTheDocument();
    expect(screen.queryByText('No gigs available yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new gig/ })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('"show" reads again with the same filters, brings the new gig in and focuses it', async () => {
    const user = userEvent.setup();
    await openGrid();
    act(() => watcher().onChange({ event: 'INSERT', row: row(), old: {} }));
    fetchMock.mockResolvedValueOnce({ gigs: [fresh, shown], total: 2 });
    await user.click(screen.getByRole('button', { name: '1 new gig — show' }));
    expect(await screen.findByRole('article', { name: 'Fresh gig' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Fresh gig', 'Shown gig']);
    expect(fetchMock).toHaveBeenLastCalledWith({}, 0);
    expect(screen.getByRole('link', { name: 'Fresh gig' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: /new gig/ })).not.toBeInTheDocument();
  });

  it('leaves out the reader\'s own new gigs, gigs that are not open, and gigs the filters hide', async () => {
    window.history.replaceState(null, '', '/?location=onsite');
    try {
      signIn('me');
      await openGrid();
      act(() => {
        watcher().onChange({ event: 'INSERT', row: { ...row(), location: 'onsite', user_id: 'me' }, old: {} });
        watcher().onChange({ event: 'INSERT', row: { ...row(), location: 'onsite', status: 'filled' }, old: {} });
        watcher().onChange({ event: 'INSERT', row: row(), old: {} });
      });
      expect(screen.queryByRole('button', { name: /new gig/ })).not.toBeInTheDocument();
      act(() => watcher().onChange({ event: 'INSERT', row: { ...row(), location: 'onsite' }, old: {} }));
      expect(screen.getByRole('button', { name: '1 new gig — show' })).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a shown gig that is filled says "Filled" in place of Apply Now until the next read', async () => {
    await openGrid();
    act(() => watcher().onChange({ event: 'UPDATE', row: row(shown, 'filled'), old: { id: shown.id } }));
    const card = screen.getByRole('article', { name: 'Shown gig' });
    expect(within(card).getByRole('button', { name: 'Filled' })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it('reads again after the live connection is re-established', async () => {
    await openGrid();
    fetchMock.mockResolvedValueOnce({ gigs: [fresh, shown], total: 2 });
    act(() => watcher().onRejoined!());
    expect(await screen.findByRole('article', { name: 'Fresh gig' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a shown gig the team hides leaves the grid at once, without a read', async () => {
    await openGrid();
    act(() => watcher().onTakedown!(shown.id));
    expect(screen.queryByRole('article', { name: 'Shown gig' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

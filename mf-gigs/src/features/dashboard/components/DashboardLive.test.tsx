import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../../test/fixtures';
import { channelFor, channels, resetChannels } from '../../../test/fakeChannel';
import { fetchMyApplicationIds, fetchUnreadCounts } from '../../../lib/messages/api';
import { resetUnread } from '../../../lib/messages/unreadStore';
import { fetchMyApplications, fetchMyGigs, fetchSavedGigs } from '../api/dashboard';
import { Dashboard } from './Dashboard';

vi.mock('../api/dashboard', () => ({ fetchMyGigs: vi.fn(), fetchApplicants: vi.fn(), fetchMyApplications: vi.fn(), fetchSavedGigs: vi.fn() }));
vi.mock('../../../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));
vi.mock('../../../lib/messages/channel', () => import('../../../test/fakeChannel'));
vi.mock('../../../lib/messages/api', async (original) => ({ ...(await original<object>()), fetchUnreadCounts: vi.fn(), fetchMyApplicationIds: vi.fn() }));

const myGigs = vi.mocked(fetchMyGigs);
const myApps = vi.mocked(fetchMyApplications);
const unread = vi.mocked(fetchUnreadCounts);
const ids = vi.mocked(fetchMyApplicationIds);
const application = (status = 'applied') => ({ id: 'a1', status, created_at: '2024-04-09T12:00:00Z', decline_notice: null, gigs: { id: 'g1', title: 'Logo', status: 'active', rate: 250, payment_type: 'fixed' } });

beforeEach(() => {
  vi.clearAllMocks();
  resetUi();
  resetChannels();
  resetUnread();
  act(() => signIn('worker-1'));
  myGigs.mockResolvedValue({ rows: [] });
  myApps.mockResolvedValue({ rows: [application()] });
  vi.mocked(fetchSavedGigs).mockResolvedValue({ rows: [] });
  ids.mockResolvedValue([{ id: 'a1', gig_id: 'g1' }]);
  unread.mockResolvedValue({});
});
afterEach(() => act(() => signOutForTest()));

const row = () => within(screen.getByRole('region', { name: 'My applications' })).getByRole('listitem', { name: 'Application for Logo' });

describe('the live dashboard', () => {
  it('shows unread counts per application and in total, and raises them when a message arrives', async () => {
    render(<Dashboard />);
    expect(await within(await screen.findByRole('region', { name: 'My applications' })).findByRole('button', { name: 'Messages about Logo' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-total')).not.toBeInTheDocument();
    unread.mockResolvedValue({ a1: 2 });
    act(() => channelFor('dashboard:worker-1').change('application_messages', { id: 'm1', application_id: 'a1', sender_id: 'poster-1' }));
    expect(await within(row()).findByRole('button', { name: 'Messages (2 new) about Logo' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-total')).toHaveTextContent('2 unread messages');
    expect(unread).toHaveBeenLastCalledWith(['a1']);
  });

  it("shows a poster how many new messages each gig's applicants wrote", async () => {
    myGigs.mockResolvedValue({ rows: [{ id: 'g2', title: 'Poster design', status: 'active', applicant_count: 1, created_at: '2024-04-08T12:00:00Z' }] });
    ids.mockResolvedValue([{ id: 'a1', gig_id: 'g1' }, { id: 'a2', gig_id: 'g2' }]);
    unread.mockResolvedValue({ a2: 1 });
    render(<Dashboard />);
    const gigs = await screen.findByRole('region', { name: 'My gigs' });
    await vi.waitFor(() => expect(within(gigs).getByText(/1 applicant/)).toHaveTextContent(/^1 applicant · posted .* · 1 new message$/));
    expect(screen.getByTestId('unread-total')).toHaveTextContent('1 unread message');
  });

  it('a failed read of the counts or of the ids shows no count and keeps the lists', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ids.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<Dashboard />);
    expect(await screen.findByRole('listitem', { name: 'Application for Logo' })).toBeInTheDocument();
    unread.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    act(() => channelFor('dashboard:worker-1').change('application_messages', { id: 'm1', application_id: 'a1', sender_id: 'poster-1' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('[mf-gigs] could not read unread message counts', expect.any(TypeError)));
    expect(within(row()).getByRole('button', { name: 'Messages about Logo' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-total')).not.toBeInTheDocument();
  });

  it('reads its lists again when an application changes and after a reconnect', async () => {
    render(<Dashboard />);
    await screen.findByRole('listitem', { name: 'Application for Logo' });
    expect(within(row()).getByText('Applied')).toBeInTheDocument();
    myApps.mockResolvedValue({ rows: [application('accepted')] });
    act(() => channelFor('dashboard:worker-1').change('applications', { id: 'a1', status: 'accepted' }, 'UPDATE'));
    await vi.waitFor(() => expect(within(row()).getByText('Accepted')).toBeInTheDocument());
    const reads = myGigs.mock.calls.length;
    act(() => channelFor('dashboard:worker-1').subscribed());
    await vi.waitFor(() => expect(myGigs.mock.calls.length).toBeGreaterThan(reads));
  });

  it("listens to applications to the member's gigs and their own, and stops when signed out", async () => {
    render(<Dashboard />);
    const live = channelFor('dashboard:worker-1');
    expect(live.listeners.map((l) => l.filter)).toEqual([
      { event: 'INSERT', schema: 'public', table: 'application_messages' },
      { event: '*', schema: 'public', table: 'applications', filter: 'poster_id=eq.worker-1' },
      { event: '*', schema: 'public', table: 'applications', filter: 'worker_id=eq.worker-1' },
    ]);
    act(() => signOutForTest());
    expect(live.closed).toBe(true);
    expect(channels.filter((c) => !c.closed)).toEqual([]);
  });
});

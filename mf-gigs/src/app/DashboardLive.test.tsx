import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../test/fixtures';
import { fetchUnreadThreads } from '../features/messages/api/messages';
import { resetUnread } from '../features/messages/stores/unreadStore';
import { fetchMyApplications, fetchMyGigs, fetchSavedGigs } from '../features/dashboard/api/dashboard';
import Dashboard from './Dashboard';
import { fakeSupabase } from '@need40/shared/testing';

const supabase = fakeSupabase();
vi.mock('../features/dashboard/api/dashboard', () => ({ fetchMyGigs: vi.fn(), fetchApplicants: vi.fn(), fetchMyApplications: vi.fn(), fetchSavedGigs: vi.fn() }));
vi.mock('../features/deal/api/fetchDeal', () => ({ fetchDeal: vi.fn(() => new Promise(() => {})) }));
vi.mock('../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));
vi.mock('../features/messages/api/messages', async (original) => ({ ...(await original<object>()), fetchUnreadThreads: vi.fn() }));

const myGigs = vi.mocked(fetchMyGigs);
const myApps = vi.mocked(fetchMyApplications);
const unread = vi.mocked(fetchUnreadThreads);
const threads = (more: boolean, ...rows: [string, string, number][]) => ({ threads: rows.map(([application_id, gig_id, n]) => ({ application_id, gig_id, unread: n })), more });
const application = (status = 'applied') => ({ id: 'a1', status, created_at: '2024-04-09T12:00:00Z', decline_notice: null, decline_note: null, gigs: { id: 'g1', title: 'Logo', status: 'active', rate: 250, payment_type: 'fixed' } });

beforeEach(() => {
  vi.clearAllMocks();
  resetUi();
  supabase.reset();
  resetUnread();
  act(() => signIn('worker-1'));
  myGigs.mockResolvedValue({ rows: [] });
  myApps.mockResolvedValue({ rows: [application()] });
  vi.mocked(fetchSavedGigs).mockResolvedValue({ rows: [] });
  unread.mockResolvedValue(threads(false));
});
afterEach(() => act(() => signOutForTest()));

const row = () => within(screen.getByRole('region', { name: 'My applications' })).getByRole('listitem', { name: 'Application for Logo' });

describe('the live dashboard', () => {
  it('shows unread counts per application and in total, and raises them when a message arrives', async () => {
    render(<Dashboard />);
    expect(await within(await screen.findByRole('region', { name: 'My applications' })).findByRole('button', { name: 'Messages about Logo' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-total')).not.toBeInTheDocument();
    unread.mockResolvedValue(threads(false, ['a1', 'g1', 2]));
    act(() => supabase.channelFor('unread-all:worker-1').change('application_messages', { id: 'm1', application_id: 'a1', sender_id: 'poster-1' }));
    expect(await within(row()).findByRole('button', { name: 'Messages (2 new) about Logo' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-total')).toHaveTextContent('2 unread messages');
    // Read in the thread elsewhere: the next read has no unread thread, so every count is 0 again.
    unread.mockResolvedValue(threads(false));
    act(() => supabase.channelFor('unread-all:worker-1').change('application_messages', { id: 'm2', application_id: 'a9', sender_id: 'worker-1' }));
    expect(await within(row()).findByRole('button', { name: 'Messages about Logo' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-total')).not.toBeInTheDocument();
  });

  it('counts a thread whose application is not on the screen (an old one) in the total', async () => {
    unread.mockResolvedValue(threads(false, ['a-old', 'g-old', 1]));
    render(<Dashboard />);
    expect(await screen.findByTestId('unread-total')).toHaveTextContent(/^1 unread message$/);
    expect(await within(await screen.findByRole('listitem', { name: 'Application for Logo' })).findByRole('button', { name: 'Messages about Logo' })).toBeInTheDocument();
  });

  it('says "at least" when the read of all threads reached its limit', async () => {
    myGigs.mockResolvedValue({ rows: [{ id: 'g2', title: 'Poster design', status: 'active', applicant_count: 2, created_at: '2024-04-08T12:00:00Z', hidden_cause: null, hidden_reason: null }] });
    unread.mockResolvedValue(threads(true, ['a1', 'g1', 1], ['a2', 'g2', 1], ['a3', 'g2', 3]));
    render(<Dashboard />);
    expect(await screen.findByTestId('unread-total')).toHaveTextContent(/^5\+ unread messages$/);
    const gigs = await screen.findByRole('region', { name: 'My gigs' });
    await vi.waitFor(() => expect(within(gigs).getByText(/2 applicants/)).toHaveTextContent(/ · 4\+ new messages$/));
    expect(within(row()).getByRole('button', { name: 'Messages (1 new) about Logo' })).toBeInTheDocument();
  });

  it("shows a poster how many new messages each gig's applicants wrote", async () => {
    myGigs.mockResolvedValue({ rows: [{ id: 'g2', title: 'Poster design', status: 'active', applicant_count: 1, created_at: '2024-04-08T12:00:00Z', hidden_cause: null, hidden_reason: null }] });
    unread.mockResolvedValue(threads(false, ['a2', 'g2', 1]));
    render(<Dashboard />);
    const gigs = await screen.findByRole('region', { name: 'My gigs' });
    await vi.waitFor(() => expect(within(gigs).getByText(/1 applicant/)).toHaveTextContent(/^1 applicant · posted .* · 1 new message$/));
    expect(screen.getByTestId('unread-total')).toHaveTextContent('1 unread message');
  });

  it('a failed read of the counts shows no count and keeps the lists', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    unread.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<Dashboard />);
    expect(await screen.findByRole('listitem', { name: 'Application for Logo' })).toBeInTheDocument();
    unread.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    act(() => supabase.channelFor('unread-all:worker-1').change('application_messages', { id: 'm1', application_id: 'a1', sender_id: 'poster-1' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('[mf-gigs] could not read unread message counts', expect.any(TypeError)));
    expect(within(row()).getByRole('button', { name: 'Messages about Logo' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-total')).not.toBeInTheDocument();
  });

  it('updates a changed application in place without a read, reads a new one, and reads its lists again after a reconnect', async () => {
    render(<Dashboard />);
    await screen.findByRole('listitem', { name: 'Application for Logo' });
    expect(within(row()).getByText('Applied')).toBeInTheDocument();
    act(() => supabase.channelFor('dashboard:worker-1').change('applications', { id: 'a1', gig_id: 'g1', status: 'accepted', decline_note: null }, 'UPDATE'));
    await vi.waitFor(() => expect(within(row()).getByText('Accepted')).toBeInTheDocument());
    expect(myApps).toHaveBeenCalledTimes(1);
    const gigReads = myGigs.mock.calls.length;
    act(() => supabase.channelFor('dashboard:worker-1').change('applications', { id: 'a2', gig_id: 'g7', status: 'applied' }, 'INSERT'));
    await vi.waitFor(() => expect(myGigs.mock.calls.length).toBeGreaterThan(gigReads));
    const reads = myGigs.mock.calls.length;
    act(() => supabase.channelFor('dashboard:worker-1').subscribed());
    await vi.waitFor(() => expect(myGigs.mock.calls.length).toBeGreaterThan(reads));
  });

  it("listens to applications to the member's gigs and their own, and to their messages, and stops when signed out", async () => {
    render(<Dashboard />);
    const live = supabase.channelFor('dashboard:worker-1');
    const unread = supabase.channelFor('unread-all:worker-1');
    expect(live.listeners.map((l) => l.filter)).toEqual([
      { event: '*', schema: 'public', table: 'applications', filter: 'poster_id=eq.worker-1' },
      { event: '*', schema: 'public', table: 'applications', filter: 'worker_id=eq.worker-1' },
    ]);
    expect(unread.listeners.map((l) => l.filter)).toEqual([{ event: 'INSERT', schema: 'public', table: 'application_messages' }]);
    act(() => signOutForTest());
    expect(live.closed && unread.closed).toBe(true);
    expect(supabase.channels.filter((c) => !c.closed)).toEqual([]);
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../../test/fixtures';
import { fetchApplicants, fetchMyApplications, fetchMyGigs, fetchSavedGigs } from '../api/dashboard';
import { Dashboard } from './Dashboard';
import { fakeSupabase } from '@need40/shared/testing';

const supabase = fakeSupabase();
vi.mock('../api/dashboard', () => ({ fetchMyGigs: vi.fn(), fetchApplicants: vi.fn(), fetchMyApplications: vi.fn(), fetchSavedGigs: vi.fn() }));
vi.mock('../../../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));
vi.mock('./payment/ApplicantDeal', () => ({ ApplicantDeal: () => null }));

const at = (i: number) => `2024-04-${String(28 - i).padStart(2, '0')}T12:00:00Z`;
const gig = (i: number) => ({ id: `g${i}`, title: `Gig ${i}`, status: 'active', rate: 40, payment_type: 'fixed' });
const worker = (i: number) => ({ id: `w${i}`, full_name: `Worker ${i}`, title: null, avatar_url: null, hourly_rate: null });

/** Each list: where it is, its mocked read, a row, how its rows are named, and how to reach it. */
const LISTS = [
  { region: 'My gigs', fetch: vi.mocked(fetchMyGigs), row: (i: number) => ({ ...gig(i), applicant_count: 0, created_at: at(i), hidden_cause: null, hidden_reason: null }), item: (i: number) => ({ link: `Gig ${i}` }), noun: 'gigs', owner: 'user-1' },
  {
    region: 'My applications',
    fetch: vi.mocked(fetchMyApplications),
    row: (i: number) => ({ id: `a${i}`, status: 'declined', created_at: at(i), decline_notice: null, gigs: gig(i) }),
    item: (i: number) => ({ name: `Application for Gig ${i}` }),
    noun: 'applications',
    owner: 'user-1',
  },
  { region: 'Saved gigs', fetch: vi.mocked(fetchSavedGigs), row: (i: number) => ({ created_at: at(i), gig_id: `g${i}`, gigs: gig(i) }), item: (i: number) => ({ link: `Gig ${i}` }), noun: 'saved gigs', owner: 'user-1' },
  {
    region: 'My gigs',
    applicantsOf: 'Gig 0',
    fetch: vi.mocked(fetchApplicants),
    row: (i: number) => ({ id: `a${i}`, message: 'Hello', proposed_rate: null, available_from: null, status: 'declined', created_at: at(i), worker: worker(i) }),
    item: (i: number) => ({ name: `Application from Worker ${i}` }),
    noun: 'applicants',
    owner: 'g0',
  },
] as const;

const rows = (list: (typeof LISTS)[number], from: number, to: number) => Array.from({ length: to - from }, (_, k) => list.row(from + k)) as never[];
/** The four reads under one type (their rows differ; these tests only page them). */
const reader = (list: (typeof LISTS)[number]) => list.fetch as unknown as Mock<(owner: string, after: unknown, limit: number) => Promise<unknown>>;

beforeEach(() => {
  supabase.reset();
  vi.clearAllMocks();
  resetUi();
  act(() => signIn('user-1'));
  for (const list of LISTS) reader(list).mockResolvedValue({ rows: [] });
});
afterEach(() => act(() => signOutForTest()));

describe.each(LISTS)('$region $noun page by page', (list) => {
  const part = () => within(screen.getByRole('region', { name: list.region }));
  /** Row i: by its own name, or the li around its title link. */
  const item = (i: number) => {
    const which = list.item(i);
    if ('name' in which) return part().queryByRole('listitem', which);
    return part().queryByRole('link', { name: which.link })?.closest('li') ?? null;
  };
  const findItem = (i: number) => vi.waitFor(() => item(i) ?? Promise.reject(new Error(`row ${i} not shown`)));
  const fetch = reader(list);

  async function open() {
    const user = userEvent.setup();
    if ('applicantsOf' in list) vi.mocked(fetchMyGigs).mockResolvedValue({ rows: [LISTS[0].row(0)] });
    render(<Dashboard />);
    if ('applicantsOf' in list) {
      await user.click(await part().findByRole('button', { name: `View applicants for ${list.applicantsOf}` }));
    }
    return user;
  }

  it('shows the first page with the count, the next on Show more (focus on its first row, announced), then says it has no more', async () => {
    // A page is read with one row more than shown: that row says more exist.
    fetch.mockResolvedValueOnce({ rows: rows(list, 0, 21), total: 25 }).mockResolvedValueOnce({ rows: rows(list, 20, 25) });
    const user = await open();
    expect(await findItem(19)).toBeInTheDocument();
    expect(item(20)).toBeNull();
    expect(part().getByText(`Showing 20 of 25 ${list.noun}`)).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith(list.owner, null, 21);

    await user.click(part().getByRole('button', { name: `Show more ${list.noun}` }));
    const first = await findItem(20);
    expect(fetch).toHaveBeenLastCalledWith(list.owner, list.row(19), 21);
    expect(first).toHaveFocus();
    expect(item(24)).toBeInTheDocument();
    expect(part().getByText(`5 more ${list.noun} shown, no more ${list.noun}.`)).toBeInTheDocument();
    expect(part().queryByRole('button', { name: `Show more ${list.noun}` })).not.toBeInTheDocument();
    expect(part().queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('a failed next page keeps the rows shown, says so, and Show more tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetch
      .mockResolvedValueOnce({ rows: rows(list, 0, 21), total: null })
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ rows: rows(list, 20, 41) });
    const user = await open();
    const more = await part().findByRole('button', { name: `Show more ${list.noun}` });
    expect(part().queryByText(/Showing/)).not.toBeInTheDocument();
    await user.click(more);
    expect(await part().findByRole('alert')).toHaveTextContent(`Could not load more ${list.noun}. Check your connection and try again.`);
    expect(item(0)).toBeInTheDocument();
    await user.click(part().getByRole('button', { name: `Show more ${list.noun}` }));
    expect(await findItem(39)).toBeInTheDocument();
    expect(part().queryByRole('alert')).not.toBeInTheDocument();
    expect(part().getByText(`20 more ${list.noun} shown.`)).toBeInTheDocument();
    expect(part().getByRole('button', { name: `Show more ${list.noun}` })).toBeInTheDocument();
  });
});

describe('a list with more pages open', () => {
  it('reads all it shows again after a reconnect, so nothing the reader opened disappears', async () => {
    const apps = vi.mocked(fetchMyApplications);
    const list = LISTS[1];
    apps.mockResolvedValueOnce({ rows: rows(list, 0, 21) }).mockResolvedValueOnce({ rows: rows(list, 20, 30) });
    const user = userEvent.setup();
    render(<Dashboard />);
    const part = within(await screen.findByRole('region', { name: 'My applications' }));
    await user.click(await part.findByRole('button', { name: 'Show more applications' }));
    expect(await part.findByRole('listitem', { name: 'Application for Gig 29' })).toBeInTheDocument();
    // The live channel joined again: the list reads again as many pages as are shown.
    apps.mockResolvedValueOnce({ rows: rows(list, 0, 21) }).mockResolvedValueOnce({ rows: rows(list, 20, 30) });
    act(() => supabase.channelFor('dashboard:user-1').subscribed());
    await vi.waitFor(() => expect(apps).toHaveBeenCalledTimes(4));
    expect(apps.mock.calls.slice(2)).toEqual([['user-1', null, 21], ['user-1', list.row(19), 21]]);
    expect(part.getByRole('listitem', { name: 'Application for Gig 29' })).toBeInTheDocument();
  });
});

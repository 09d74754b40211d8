import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../test/fixtures';
import { makeDeal, makeStep } from '../test/deals';
import { fetchDeal } from '../features/deal/api/fetchDeal';
import { confirmPayout } from '../features/deal/api/steps';
import { fetchApplicants, fetchMyApplications, fetchMyGigs, fetchSavedGigs } from '../features/dashboard/api/dashboard';
import Dashboard from './Dashboard';

vi.mock('../features/dashboard/api/dashboard', () => ({ fetchMyGigs: vi.fn(), fetchApplicants: vi.fn(), fetchMyApplications: vi.fn(), fetchSavedGigs: vi.fn() }));
vi.mock('../features/deal/api/fetchDeal', () => ({ fetchDeal: vi.fn() }));
vi.mock('../features/deal/api/steps', async (original) => ({ ...(await original<object>()), confirmPayout: vi.fn(), fetchCredit: vi.fn(async () => 0) }));
vi.mock('../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));

const part = (name: string) => within(screen.getByRole('region', { name }));
const worker = { id: 'w1', full_name: 'Walter Worker', username: 'walter_w1', title: null, avatar_url: null, hourly_rate: null };
const gig = { id: 'g1', title: 'Build a landing page', status: 'filled', rate: 600, payment_type: 'fixed' };

beforeEach(() => {
  vi.clearAllMocks();
  resetUi();
  act(() => signIn('poster-1'));
  vi.mocked(fetchMyGigs).mockResolvedValue({ rows: [] });
  vi.mocked(fetchMyApplications).mockResolvedValue({ rows: [] });
  vi.mocked(fetchSavedGigs).mockResolvedValue({ rows: [] });
});
afterEach(() => act(() => signOutForTest()));

it("the dashboard shows the accepted applicant's deal to the poster, and no deal for the others", async () => {
  vi.mocked(fetchMyGigs).mockResolvedValue({ rows: [{ id: 'g1', title: 'Build a landing page', status: 'filled', applicant_count: 2, created_at: '2024-04-08T12:00:00Z', hidden_cause: null, hidden_reason: null }] });
  vi.mocked(fetchApplicants).mockResolvedValue({ rows: [
    { id: 'a1', message: 'Hi', proposed_rate: null, available_from: null, status: 'funded', created_at: '2024-04-09T12:00:00Z', decline_note: null, decline_notice: null, worker: { ...worker, member_ratings: null } },
    { id: 'a2', message: 'Me too', proposed_rate: null, available_from: null, status: 'declined', created_at: '2024-04-09T12:00:00Z', decline_note: null, decline_notice: null, worker: { ...worker, id: 'w2', full_name: 'Nora New', member_ratings: null } },
  ] });
  vi.mocked(fetchDeal).mockResolvedValue(makeDeal({ status: 'funded' }));
  render(<Dashboard />);
  await userEvent.setup().click(await part('My gigs').findByRole('button', { name: 'View applicants for Build a landing page' }));
  const walter = within(await screen.findByRole('listitem', { name: 'Application from Walter Worker' }));
  expect(await walter.findByText("$600 is held by Need40 until you approve Walter Worker's work.")).toBeInTheDocument();
  expect(within(screen.getByRole('listitem', { name: 'Application from Nora New' })).queryByRole('group')).toBeNull();
  expect(fetchDeal).toHaveBeenCalledTimes(1);
});

it("My applications shows the worker's side, and its badge follows the deal", async () => {
  const row = { id: 'a1', status: 'paid_out', created_at: '2024-04-09T12:00:00Z', decline_notice: null, decline_note: null, gigs: gig };
  vi.mocked(fetchMyApplications).mockResolvedValueOnce({ rows: [row] }).mockResolvedValue({ rows: [{ ...row, status: 'paid' }] });
  const payout = makeStep({ id: 4, kind: 'payout', pending: false, amountCents: 57000 });
  vi.mocked(fetchDeal).mockResolvedValueOnce(makeDeal({ status: 'paid_out', steps: [payout] })).mockResolvedValue(makeDeal({ status: 'paid', steps: [payout] }));
  vi.mocked(confirmPayout).mockResolvedValue(undefined);
  render(<Dashboard />);
  const mine = within(await part('My applications').findByRole('listitem', { name: 'Application for Build a landing page' }));
  expect(mine.getByText('Paid out', { selector: '[data-application-status]' })).toBeInTheDocument();
  await userEvent.setup().click(await mine.findByRole('button', { name: 'Yes, it arrived' }));
  expect(await mine.findByText('Paid', { selector: '[data-application-status]' })).toBeInTheDocument();
  expect(mine.getByText('You confirmed receiving $570.')).toBeInTheDocument();
});

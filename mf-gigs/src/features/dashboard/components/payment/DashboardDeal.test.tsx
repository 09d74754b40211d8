import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../../../test/fixtures';
import { makeDeal, makePayment } from '../../../../test/deals';
import { confirmPayment, fetchDeal } from '../../../../lib/deal/api';
import { fetchApplicants, fetchMyApplications, fetchMyGigs, fetchSavedGigs } from '../../api/dashboard';
import { Dashboard } from '../Dashboard';

vi.mock('../../api/dashboard', () => ({ fetchMyGigs: vi.fn(), fetchApplicants: vi.fn(), fetchMyApplications: vi.fn(), fetchSavedGigs: vi.fn() }));
vi.mock('../../../../lib/deal/api', async (original) => ({ ...(await original<object>()), fetchDeal: vi.fn(), confirmPayment: vi.fn() }));
vi.mock('../../../../lib/saved/savedStore', async (original) => ({ ...(await original<object>()), watchSaved: vi.fn() }));

const part = (name: string) => within(screen.getByRole('region', { name }));
const worker = { id: 'w1', full_name: 'Walter Worker', username: 'walter_w1', title: null, avatar_url: null, hourly_rate: null };

beforeEach(() => {
  vi.clearAllMocks();
  resetUi();
  act(() => signIn('poster-1'));
  vi.mocked(fetchMyGigs).mockResolvedValue({ rows: [] });
  vi.mocked(fetchMyApplications).mockResolvedValue({ rows: [] });
  vi.mocked(fetchSavedGigs).mockResolvedValue({ rows: [] });
});
afterEach(() => act(() => signOutForTest()));

it("the applicant list shows each worker's average, and the accepted one's payment for the poster", async () => {
  vi.mocked(fetchMyGigs).mockResolvedValue({ rows: [{ id: 'g1', title: 'Build a landing page', status: 'filled', applicant_count: 2, created_at: '2024-04-08T12:00:00Z' }] });
  vi.mocked(fetchApplicants).mockResolvedValue({ rows: [
    { id: 'a1', message: 'Hi', proposed_rate: null, available_from: null, status: 'accepted', created_at: '2024-04-09T12:00:00Z', worker: { ...worker, member_ratings: { average_rating: 4.5, review_count: 2 } } },
    { id: 'a2', message: 'Me too', proposed_rate: null, available_from: null, status: 'declined', created_at: '2024-04-09T12:00:00Z', worker: { ...worker, id: 'w2', full_name: 'Nora New', member_ratings: null } },
  ] });
  vi.mocked(fetchDeal).mockResolvedValue(makeDeal({ payment: makePayment() }));
  render(<Dashboard />);
  await userEvent.setup().click(await part('My gigs').findByRole('button', { name: 'View applicants for Build a landing page' }));
  const walter = within(await screen.findByRole('listitem', { name: 'Application from Walter Worker' }));
  expect(walter.getByTestId('rating')).toHaveTextContent('★ 4.5 · 2 reviews');
  expect(await walter.findByText('Waiting for Walter Worker to confirm the payment of $600.')).toBeInTheDocument();
  expect(walter.getByText('Worker keeps $570 · Need40 fee $30')).toBeInTheDocument();
  const nora = within(screen.getByRole('listitem', { name: 'Application from Nora New' }));
  expect(nora.queryByTestId('rating')).toBeNull();
  expect(nora.queryByRole('group')).toBeNull();
  expect(fetchDeal).toHaveBeenCalledTimes(1);
});

it("My applications shows the worker's side of an accepted application and its badge follows a confirmation", async () => {
  vi.mocked(fetchMyApplications)
    .mockResolvedValueOnce({ rows: [{ id: 'a1', status: 'accepted', created_at: '2024-04-09T12:00:00Z', decline_notice: null, gigs: { id: 'g1', title: 'Build a landing page', status: 'filled', rate: 600, payment_type: 'fixed' } }] })
    .mockResolvedValue({ rows: [{ id: 'a1', status: 'paid', created_at: '2024-04-09T12:00:00Z', decline_notice: null, gigs: { id: 'g1', title: 'Build a landing page', status: 'filled', rate: 600, payment_type: 'fixed' } }] });
  vi.mocked(fetchDeal).mockResolvedValueOnce(makeDeal({ payment: makePayment() })).mockResolvedValue(makeDeal({ status: 'paid', payment: makePayment({ status: 'completed' }) }));
  vi.mocked(confirmPayment).mockResolvedValue(undefined);
  render(<Dashboard />);
  const mine = within(await part('My applications').findByRole('listitem', { name: 'Application for Build a landing page' }));
  expect(await mine.findByText('Paula Poster paid $600 through PayPal; you keep $570. Did it arrive?')).toBeInTheDocument();
  expect(mine.getByText('Accepted', { selector: '[data-application-status]' })).toBeInTheDocument();
  await userEvent.setup().click(mine.getByRole('button', { name: 'I received $570' }));
  expect(confirmPayment).toHaveBeenCalledWith('a1');
  expect(await mine.findByText('Paid', { selector: '[data-application-status]' })).toBeInTheDocument();
  expect(mine.getByText('You confirmed receiving the payment.')).toBeInTheDocument();
});

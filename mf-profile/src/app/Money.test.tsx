import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import Money from './Money';
import Receipt from './Receipt';

const supabase = fakeSupabase();
beforeEach(() => supabase.reset());
afterEach(() => vi.restoreAllMocks());

const release = {
  transaction_id: 42, created_at: '2026-11-23T12:00:00+00:00', kind: 'release', pending: false, application_id: 'a1', gig_id: 'g1', gig_title: 'Paint the fence',
  amount_cents: 60000, parts: { held: -60000, payable: 57000, fee_revenue: 3000 }, provider: 'manual', reference: null, method: null, payer_name: 'Pat Poster', payee_name: 'Wendy Worker',
};
const payout = { ...release, transaction_id: 43, kind: 'payout', amount_cents: 57000, parts: { payable: -57000, cash: -57000 }, reference: 'PAYOUT-1', method: 'PayPal' };
const money = {
  earnings_pending_cents: 42750, earnings_available_cents: 0, earnings_paid_out_cents: 57000, owed_back_cents: 0, spending_announced_cents: 0, spending_held_cents: 0,
  spending_released_cents: 0, refund_due_cents: 0, refunded_cents: 0, credit_cents: 0, credit_announced_cents: 0,
};

it('shows where the member\'s money is and each side\'s statement, newest first, with a receipt link per line', async () => {
  supabase.answer('rpc:my_money', { data: [money] });
  supabase.answer('rpc:money_statement', (chain) => ({ data: (chain[0]?.[2] as { p_side: string }).p_side === 'earnings' ? [payout, release] : [] }));
  render(<Money />);
  expect(await screen.findByText('$427.50')).toBeInTheDocument();
  expect(screen.getByText('Pending: held by Need40 until the work is approved').nextSibling).toHaveTextContent('$427.50');
  const earnings = await screen.findByRole('list', { name: 'Earnings statement' });
  const [first, second] = within(earnings).getAllByRole('listitem');
  expect(first).toHaveTextContent('Paid out to the worker: Paint the fence$570Receipt no. 43');
  expect(second).toHaveTextContent('Released: Paint the fence$570');
  expect(within(second!).getByRole('link', { name: 'Receipt no. 42' })).toHaveAttribute('href', '#receipt/42');
  expect(await screen.findByText('No spending yet. What you pay for gigs on Need40 shows here.')).toBeInTheDocument();
  expect(supabase.calls).toContainEqual(['rpc', 'money_statement', { p_side: 'earnings', p_limit: 21 }]);
});

it('pages older lines with the last line as the cursor', async () => {
  supabase.answer('rpc:my_money', { data: [money] });
  // One line more than a page (20): it only says that older lines exist.
  const page = Array.from({ length: 21 }, (_, i) => ({ ...release, transaction_id: 100 - i }));
  supabase.answer('rpc:money_statement', (chain) => {
    const args = chain[0]?.[2] as { p_side: string; p_before?: number };
    if (args.p_side === 'spending') return { data: [] };
    return { data: args.p_before ? [{ ...release, transaction_id: 7 }] : page };
  });
  render(<Money />);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Show older lines' }));
  expect(await screen.findByRole('link', { name: 'Receipt no. 7' })).toBeInTheDocument();
  expect(supabase.calls).toContainEqual(['rpc', 'money_statement', { p_side: 'earnings', p_limit: 21, p_before: 81 }]);
  expect(screen.queryByRole('button', { name: 'Show older lines' })).toBeNull();
});

it('downloads the whole statement as a CSV file made in the browser', async () => {
  supabase.answer('rpc:my_money', { data: [money] });
  supabase.answer('rpc:money_statement', (chain) => ({ data: (chain[0]?.[2] as { p_side: string }).p_side === 'earnings' ? [payout, release] : [] }));
  let saved: Blob | null = null;
  URL.createObjectURL = vi.fn((b: Blob) => {
    saved = b;
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  render(<Money />);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Download earnings as CSV' }));
  expect(await screen.findByText(/^Downloaded need40-earnings-\d{4}-\d\d-\d\d\.csv \(2 lines\)\.$/)).toBeInTheDocument();
  expect(click).toHaveBeenCalledOnce();
  expect(supabase.calls).toContainEqual(['rpc', 'money_statement', { p_side: 'earnings', p_limit: 1000 }]);
  const text = await saved!.text();
  expect(text.split('\r\n')[2]).toBe('2026-11-23T12:00:00.000Z,42,Released,Paint the fence,600.00,570.00,570.00,30.00,0.00,PayPal (recorded by Need40),,Confirmed');
});

it('says when the money cannot be read, and Try again reads it again', async () => {
  supabase.answer('rpc:my_money', { error: { message: 'TypeError: Failed to fetch' }, status: 0 }, { data: [money] });
  supabase.answer('rpc:money_statement', { data: [] });
  render(<Money />);
  expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach Need40 right now");
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('$427.50')).toBeInTheDocument();
});

it('a receipt shows the amount, the split, the date, both parties, the provider and the reference', async () => {
  supabase.answer('rpc:receipt', { data: [{ ...payout, transaction_id: 43 }] }, { data: [release] });
  const { unmount } = render(<Receipt transactionId="43" />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Receipt no. 43' })).toBeInTheDocument();
  expect(await screen.findByText('PAYOUT-1')).toBeInTheDocument();
  expect(screen.getByText('Paid through').nextSibling).toHaveTextContent('PayPal (recorded by Need40), PayPal');
  unmount();
  render(<Receipt transactionId="42" />);
  expect(await screen.findByText('To the worker')).toBeInTheDocument();
  expect(screen.getByText('To the worker').nextSibling).toHaveTextContent('$570');
  expect(screen.getByText('Need40 fee (5%)').nextSibling).toHaveTextContent('$30');
  expect(screen.getByText('Taken from what Need40 held').nextSibling).toHaveTextContent('$600');
  expect(screen.getByText('Date').nextSibling).toHaveTextContent('Nov 23, 2026');
  expect(screen.getByText('Paid by').nextSibling).toHaveTextContent('Pat Poster');
  expect(screen.getByText('Worker').nextSibling).toHaveTextContent('Wendy Worker');
  expect(screen.getByRole('link', { name: 'Paint the fence' })).toHaveAttribute('href', '#gig/g1');
  expect(supabase.calls).toContainEqual(['rpc', 'receipt', { p_transaction_id: 42 }]);
});

it('a receipt that is not the member\'s, or an address that is no receipt, says so without asking twice', async () => {
  supabase.answer('rpc:receipt', { error: { code: 'PT404', message: 'Receipt not found' }, status: 404 });
  const { unmount } = render(<Receipt transactionId="9" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This receipt does not exist, or it is not yours.');
  unmount();
  render(<Receipt transactionId="abc" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This receipt does not exist, or it is not yours.');
  expect(supabase.calls.filter((c) => c[0] === 'rpc')).toHaveLength(1);
});

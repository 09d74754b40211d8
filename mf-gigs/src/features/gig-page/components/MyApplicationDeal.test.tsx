import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { makeDeal, makePayment } from '../../../test/deals';
import { confirmPayment, fetchDeal } from '../../../lib/deal/api';
import { MyApplication } from './MyApplication';

vi.mock('../../../lib/deal/api', async (original) => ({ ...(await original<object>()), fetchDeal: vi.fn(), confirmPayment: vi.fn() }));
beforeEach(() => vi.clearAllMocks());

it("the gig page's own application shows the payment once accepted, and tells the page when it is paid", async () => {
  vi.mocked(fetchDeal).mockResolvedValueOnce(makeDeal({ payment: makePayment() })).mockResolvedValue(makeDeal({ status: 'paid', payment: makePayment({ status: 'completed' }) }));
  vi.mocked(confirmPayment).mockResolvedValue(undefined);
  const onChanged = vi.fn();
  render(<MyApplication application={{ id: 'a1', status: 'accepted', created_at: '2024-04-09T12:00:00Z', decline_notice: null }} onChanged={onChanged} />);
  expect(await screen.findByText('Worker keeps $570 · Need40 fee $30')).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'I received $570' }));
  expect(await screen.findByText('You confirmed receiving the payment.')).toBeInTheDocument();
  expect(onChanged).toHaveBeenCalledWith({ id: 'a1', status: 'paid', created_at: '2024-04-09T12:00:00Z', decline_notice: null });
});

it('a pending application has no payment yet', () => {
  render(<MyApplication application={{ id: 'a1', status: 'applied', created_at: '2024-04-09T12:00:00Z', decline_notice: null }} onChanged={vi.fn()} />);
  expect(screen.queryByRole('group')).toBeNull();
  expect(fetchDeal).not.toHaveBeenCalled();
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDeal, makePayment } from '../../test/deals';
import { confirmPayment, fetchDeal, reportPaymentMissing } from './api';
import { DealPanel } from './DealPanel';

vi.mock('./api', async (original) => ({ ...(await original<object>()), fetchDeal: vi.fn(), confirmPayment: vi.fn(), reportPaymentMissing: vi.fn() }));
const deal = vi.mocked(fetchDeal);
const confirm = vi.mocked(confirmPayment);
const report = vi.mocked(reportPaymentMissing);

const panel = () => within(screen.getByRole('group', { name: 'Payment for Build a landing page' }));
const show = async (onChanged = vi.fn()) => {
  render(<DealPanel applicationId="a1" status="accepted" side="worker" onChanged={onChanged} />);
  await screen.findByRole('group', { name: 'Payment for Build a landing page' });
  return onChanged;
};

beforeEach(() => vi.clearAllMocks());

describe("the worker's payment", () => {
  it('before the poster pays: the amount, the split, and what comes next; nothing to press', async () => {
    deal.mockResolvedValue(makeDeal());
    await show();
    expect(panel().getByText('Worker keeps $570 · Need40 fee $30')).toBeInTheDocument();
    expect(panel().getByText('Paula Poster has not paid yet. Confirm here once the money arrives.')).toBeInTheDocument();
    expect(panel().queryByRole('button')).toBeNull();
  });

  it('an hourly gig without agreed hours says the poster has not set them', async () => {
    deal.mockResolvedValue(makeDeal({ hourly: true, hourlyRate: 50, agreedAmount: null, workerAmount: null, platformFee: null }));
    await show();
    expect(panel().getByText('No agreed amount yet: Paula Poster has not set the hours.')).toBeInTheDocument();
    expect(panel().queryByLabelText('Agreed hours')).toBeNull();
  });

  it('"I received $570" confirms the payment: the application is paid and the caller hears of it', async () => {
    deal.mockResolvedValueOnce(makeDeal({ payment: makePayment() })).mockResolvedValue(makeDeal({ status: 'paid', payment: makePayment({ status: 'completed' }) }));
    confirm.mockResolvedValue(undefined);
    const onChanged = await show();
    expect(panel().getByText('Paula Poster paid $600 through PayPal; you keep $570. Did it arrive?')).toBeInTheDocument();
    await userEvent.setup().click(panel().getByRole('button', { name: 'I received $570' }));
    expect(confirm).toHaveBeenCalledWith('a1');
    expect(await panel().findByText('You confirmed receiving the payment.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith('paid');
  });

  it("shows the database's refusal in words when confirming fails", async () => {
    deal.mockResolvedValue(makeDeal({ payment: makePayment() }));
    confirm.mockRejectedValue({ code: '42501', message: 'Only the applicant can confirm the payment' });
    await show();
    await userEvent.setup().click(panel().getByRole('button', { name: 'I received $570' }));
    expect(await panel().findByRole('alert')).toHaveTextContent('Only the applicant can confirm the payment');
  });

  it('Report missing asks for a short note (with a counter), then sends it', async () => {
    deal.mockResolvedValueOnce(makeDeal({ payment: makePayment() })).mockResolvedValue(makeDeal({ payment: makePayment({ status: 'missing', missingNote: 'Nothing arrived.' }) }));
    report.mockResolvedValue(undefined);
    await show();
    const user = userEvent.setup();
    await user.click(panel().getByRole('button', { name: 'Report missing' }));
    const form = within(screen.getByRole('form', { name: 'Report the payment missing' }));
    const note = form.getByLabelText('What is missing?');
    expect(note).toHaveAccessibleDescription('0 / 500 characters');
    await user.click(form.getByRole('button', { name: 'Send report' }));
    expect(note).toHaveAccessibleDescription('0 / 500 characters Write a short note for the poster');
    expect(report).not.toHaveBeenCalled();
    await user.type(note, 'Nothing arrived.');
    expect(note).toHaveAccessibleDescription('16 / 500 characters Write a short note for the poster');
    await user.click(form.getByRole('button', { name: 'Send report' }));
    expect(report).toHaveBeenCalledWith('a1', 'Nothing arrived.');
    expect(await panel().findByText('You reported the payment missing. Paula Poster can pay again.')).toBeInTheDocument();
    expect(panel().getByText('Nothing arrived.')).toBeInTheDocument();
    // A payment reported missing can still be confirmed once it turns up; it is not reported twice.
    expect(panel().getByRole('button', { name: 'I received $570' })).toBeInTheDocument();
    expect(panel().queryByRole('button', { name: 'Report missing' })).toBeNull();
  });

  it('a refused report is shown in words; Cancel closes the form', async () => {
    deal.mockResolvedValue(makeDeal({ payment: makePayment() }));
    report.mockRejectedValue({ code: 'N4008', message: 'There is no pending payment to report' });
    await show();
    const user = userEvent.setup();
    await user.click(panel().getByRole('button', { name: 'Report missing' }));
    await user.type(panel().getByLabelText('What is missing?'), 'Not here');
    await user.click(panel().getByRole('button', { name: 'Send report' }));
    expect(await panel().findByRole('alert')).toHaveTextContent('There is no pending payment to report');
    await user.click(panel().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Report the payment missing' })).toBeNull();
    expect(panel().getByRole('button', { name: 'Report missing' })).toBeInTheDocument();
  });
});

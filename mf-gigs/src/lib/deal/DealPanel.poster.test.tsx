import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTab, makeDeal, makePayment } from '../../test/deals';
import { fetchDeal, recordPayment } from './api';
import { DealPanel } from './DealPanel';

vi.mock('./api', async (original) => ({ ...(await original<object>()), fetchDeal: vi.fn(), recordPayment: vi.fn() }));
const deal = vi.mocked(fetchDeal);
const record = vi.mocked(recordPayment);

const panel = () => within(screen.getByRole('group', { name: 'Payment for Build a landing page' }));
const show = async (status = 'accepted') => {
  render(<DealPanel applicationId="a1" status={status} side="poster" />);
  return screen.findByRole('group', { name: 'Payment for Build a landing page' });
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.restoreAllMocks());

describe("the poster's payment", () => {
  it('is not there before the application is accepted', () => {
    render(<DealPanel applicationId="a1" status="applied" side="poster" />);
    expect(screen.queryByRole('group')).toBeNull();
    expect(deal).not.toHaveBeenCalled();
  });

  it('shows the agreed amount and its split as the database computed them, and Pay with PayPal', async () => {
    deal.mockResolvedValue(makeDeal());
    render(<DealPanel applicationId="a1" status="accepted" side="poster" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the payment...');
    await screen.findByRole('group');
    expect(panel().getByText('Agreed amount $600')).toBeInTheDocument();
    expect(panel().getByText('Worker keeps $570 · Need40 fee $30')).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
    expect(panel().queryByRole('button', { name: /I received/ })).toBeNull();
    expect(panel().queryByLabelText('Agreed hours')).toBeNull();
  });

  it('records the payment, opens PayPal.me for the amount in a new tab, then waits for the worker', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    deal.mockResolvedValueOnce(makeDeal()).mockResolvedValue(makeDeal({ payment: makePayment() }));
    record.mockResolvedValue(600);
    await show();
    await userEvent.setup().click(panel().getByRole('button', { name: 'Pay with PayPal' }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(record).toHaveBeenCalledWith('a1');
    expect(tab.opener).toBeNull();
    expect(tab.location.replace).toHaveBeenCalledWith('https://paypal.me/need40/600');
    expect(await panel().findByText('Waiting for Walter Worker to confirm the payment of $600.')).toBeInTheDocument();
    expect(panel().getByText('Finish your $600 payment on PayPal in the new tab.')).toBeInTheDocument();
    expect(panel().getByRole('link', { name: 'Open PayPal to finish your $600 payment' })).toHaveAttribute('href', 'https://paypal.me/need40/600');
    expect(panel().queryByRole('button', { name: /I received|Pay with PayPal/ })).toBeNull();
  });

  it("closes the tab and shows the database's refusal in words when the payment cannot be recorded", async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    deal.mockResolvedValue(makeDeal());
    record.mockRejectedValue({ code: 'N4006', message: 'A payment is already recorded for this application' });
    await show();
    await userEvent.setup().click(panel().getByRole('button', { name: 'Pay with PayPal' }));
    expect(await panel().findByRole('alert')).toHaveTextContent('A payment is already recorded for this application');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('offers a link when the browser blocks the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    deal.mockResolvedValueOnce(makeDeal()).mockResolvedValue(makeDeal({ payment: makePayment() }));
    record.mockResolvedValue(600);
    await show();
    await userEvent.setup().click(panel().getByRole('button', { name: 'Pay with PayPal' }));
    expect(await panel().findByText('Your browser blocked the new tab.')).toBeInTheDocument();
    expect(panel().getByRole('link', { name: 'Open PayPal to finish your $600 payment' })).toBeInTheDocument();
  });

  it("after the worker reported it missing, shows their note and lets the poster pay again", async () => {
    deal.mockResolvedValue(makeDeal({ payment: makePayment({ status: 'missing', missingNote: 'Nothing arrived yet.' }) }));
    await show();
    expect(panel().getByText('Walter Worker reported the payment missing. Check with them, then pay again.')).toBeInTheDocument();
    expect(panel().getByText('Nothing arrived yet.')).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Pay again with PayPal' })).toBeInTheDocument();
  });

  it('says so when the payment cannot be loaded, and Try again reads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deal.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(makeDeal());
    render(<DealPanel applicationId="a1" status="accepted" side="poster" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the payment. Check your connection and try again.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Agreed amount $600')).toBeInTheDocument();
  });
});

describe('hours (hourly gigs)', () => {
  const hourly = makeDeal({ hourly: true, hourlyRate: 50, agreedHours: 10, agreedAmount: 500, workerAmount: 475, platformFee: 25 });

  it('shows the hours and rate the deal was accepted with; nobody edits them here', async () => {
    deal.mockResolvedValue(hourly);
    await show();
    expect(panel().getByText('Agreed amount $500', { exact: false })).toHaveTextContent('Agreed amount $500 (10 hours at $50/hr)');
    expect(panel().queryByLabelText('Agreed hours')).toBeNull();
  });

  it('without hours there is no amount yet and Pay waits for them', async () => {
    deal.mockResolvedValue({ ...hourly, agreedHours: null, agreedAmount: null, workerAmount: null, platformFee: null });
    await show();
    expect(panel().getByText('No agreed amount yet: this deal has no hours.')).toBeInTheDocument();
    expect(panel().getByText('The deal needs hours before paying.')).toBeInTheDocument();
    const pay = panel().getByRole('button', { name: 'Pay with PayPal' });
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(pay);
    expect(record).not.toHaveBeenCalled();
  });
});

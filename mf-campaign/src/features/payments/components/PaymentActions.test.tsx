import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Tables } from '@need40/shared';
import { worded } from '@need40/ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubWindowOpen } from '../../../test/fakeTab';
import { recordPayment } from '../api/recordPayment';
import { PaymentActions } from './PaymentActions';

vi.mock('../api/recordPayment', () => ({ recordPayment: vi.fn() }));
const record = vi.mocked(recordPayment);

const row = (amount: number): Tables<'payments'> => ({
  id: 'p1',
  amount,
  status: 'pending',
  payment_method: 'paypal',
  description: null,
  user_id: null,
  metadata: {},
  source: 'client_recorded',
  created_at: '2026-11-22T08:00:00Z',
});

function setup(share?: () => void) {
  const user = userEvent.setup();
  render(
    <PaymentActions
      share={share && ((describedBy) => <button type="button" aria-describedby={describedBy} onClick={share}>Share Movement</button>)}
    />,
  );
  return user;
}

describe('Pay $600 and Give40 Support', () => {
  beforeEach(() => {
    record.mockReset();
  });

  it('Pay $600 records a pending $600 paypal payment, then sends the new tab to PayPal for $600', async () => {
    const { open, tab } = stubWindowOpen();
    record.mockResolvedValue(row(600));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Pay $600' }));

    expect(record).toHaveBeenCalledWith(expect.objectContaining({ amount: 600 }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab!.opener).toBeNull();
    expect(await screen.findByText('Finish your $600 payment on PayPal in the new tab.')).toBeInTheDocument();
    expect(tab!.location.replace).toHaveBeenCalledWith('https://paypal.me/need40/600');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Give40 Support records a pending $40 donation, then sends the new tab to PayPal for $40', async () => {
    const { tab } = stubWindowOpen();
    record.mockResolvedValue(row(40));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Give40 Support' }));

    expect(record).toHaveBeenCalledWith(expect.objectContaining({ amount: 40 }));
    expect(await screen.findByText(/Thank you for supporting Need40!/)).toHaveTextContent(
      'Finish your $40 Give40 donation on PayPal in the new tab.',
    );
    expect(tab!.location.replace).toHaveBeenCalledWith('https://paypal.me/need40/40');
  });

  it('offers a link when the browser blocks the new tab', async () => {
    const { open } = stubWindowOpen(null);
    record.mockResolvedValue(row(600));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Pay $600' }));

    const link = await screen.findByRole('link', { name: 'Open PayPal to finish your $600 payment' });
    expect(link).toHaveAttribute('href', 'https://paypal.me/need40/600');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(open).toHaveBeenLastCalledWith('https://paypal.me/need40/600', '_blank', 'noopener,noreferrer');
  });

  it('shows "Recording your payment..." while the payment is being recorded', async () => {
    stubWindowOpen();
    record.mockReturnValue(new Promise(() => {}));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Pay $600' }));
    expect(screen.getByRole('status')).toHaveTextContent('Recording your payment...');
    expect(screen.getByRole('button', { name: 'Pay $600' })).toHaveAttribute('aria-disabled', 'true');
  });

  it.each([
    ['Pay $600', 'its fallback, never a raw server text', 'permission denied for table payments', 'Payment processing failed'],
    ['Pay $600', '"Failed to record payment" when recording failed', MESSAGES.recordPaymentFailed, 'Failed to record payment'],
    ['Pay $600', 'the validation message', MESSAGES.invalidPaymentData, MESSAGES.invalidPaymentData],
    ['Pay $600', '"Payment processing failed" for a failure without a message', '', 'Payment processing failed'],
    ['Give40 Support', '"Donation processing failed" for a failure without a message', undefined, 'Donation processing failed'],
    ['Give40 Support', '"Failed to record payment" when recording failed', MESSAGES.recordPaymentFailed, 'Failed to record payment'],
  ])('%s shows %s in the error area under the buttons and closes the blank tab', async (button, _what, message, shown) => {
    const { tab } = stubWindowOpen();
    // undefined stands for a rejection that is not an Error at all; recordPayment words its own
    // messages (worded), a raw text stands for anything else thrown.
    record.mockImplementation(async () => {
      throw message === undefined ? undefined : (Object.values(MESSAGES) as string[]).includes(message) ? worded(message) : new Error(message);
    });
    const user = setup();
    await user.click(screen.getByRole('button', { name: button }));

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(tab!.close).toHaveBeenCalled();
    expect(tab!.location.replace).not.toHaveBeenCalled();
  });

  it('each button says what it does, and only Pay $600 is styled as the primary action', () => {
    setup(() => {});
    expect(screen.getByRole('button', { name: 'Pay $600' })).toHaveAccessibleDescription('Pays $600 on PayPal. This does not post a gig.');
    expect(screen.getByRole('button', { name: 'Give40 Support' })).toHaveAccessibleDescription('Gives $40 to the campaign on PayPal.');
    expect(screen.getByRole('button', { name: 'Share Movement' })).toHaveAccessibleDescription('Opens a post about Need40 to share, in a new tab.');
    expect(screen.getByRole('button', { name: 'Pay $600' }).className).not.toBe(screen.getByRole('button', { name: 'Give40 Support' }).className);
  });

  it('Share clears the payment line: a status line belongs to the action that set it', async () => {
    stubWindowOpen();
    record.mockResolvedValue(row(600));
    const share = vi.fn();
    const user = setup(share);
    await user.click(screen.getByRole('button', { name: 'Pay $600' }));
    expect(await screen.findByText('Finish your $600 payment on PayPal in the new tab.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share Movement' }));
    expect(share).toHaveBeenCalled();
    expect(screen.queryByText('Finish your $600 payment on PayPal in the new tab.')).not.toBeInTheDocument();
  });

  it('an error line also goes when another action is taken', async () => {
    const { tab } = stubWindowOpen();
    record.mockRejectedValue(new Error('permission denied for table payments'));
    const user = setup(() => {});
    await user.click(screen.getByRole('button', { name: 'Give40 Support' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Donation processing failed');
    expect(tab!.close).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Share Movement' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

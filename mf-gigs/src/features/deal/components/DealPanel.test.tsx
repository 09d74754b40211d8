import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTab, makeDeal, makeStep } from '../../../test/deals';
import { fetchDeal } from '../api/fetchDeal';
import { approveWork, deliverWork, fetchCredit, openDispute, proposeChange, acceptChange, startFunding, confirmPayout } from '../api/steps';
import { recordedAccount, stripeAccount, stripeCheckoutUrl, stripeOnboardingUrl } from '../api/stripe';
import { leaveFor } from '../lib/redirect';
import { DealPanel } from './DealPanel';

vi.mock('../api/fetchDeal', () => ({ fetchDeal: vi.fn() }));
vi.mock('../api/steps', async (original) => ({
  ...(await original<object>()),
  startFunding: vi.fn(), fetchCredit: vi.fn(async () => 0), fundWithCredit: vi.fn(), deliverWork: vi.fn(), approveWork: vi.fn(), openDispute: vi.fn(),
  proposeChange: vi.fn(), acceptChange: vi.fn(), declineChange: vi.fn(), confirmPayout: vi.fn(), cancelDeal: vi.fn(), requestChanges: vi.fn(),
}));
vi.mock('../api/stripe', () => ({ stripeCheckoutUrl: vi.fn(), stripeOnboardingUrl: vi.fn(), stripeAccount: vi.fn(), recordedAccount: vi.fn() }));
vi.mock('../lib/redirect', async (original) => ({ ...(await original<object>()), leaveFor: vi.fn() }));
const deal = vi.mocked(fetchDeal);
const panel = () => within(screen.getByRole('group', { name: 'Payment for Build a landing page' }));
const show = async (side: 'poster' | 'worker', status = 'accepted') => {
  render(<DealPanel applicationId="a1" status={status} side={side} />);
  await screen.findByRole('group', { name: 'Payment for Build a landing page' });
  return userEvent.setup();
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(fetchCredit).mockResolvedValue(0);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the poster', () => {
  it('pays: the payment is recorded, PayPal opens for the amount in a new tab, and the page says Need40 has not confirmed it yet', async () => {
    const tab = fakeTab();
    vi.stubGlobal('open', vi.fn(() => tab));
    deal.mockResolvedValueOnce(makeDeal()).mockResolvedValue(makeDeal({ steps: [makeStep()] }));
    vi.mocked(startFunding).mockResolvedValue({ amountCents: 60000, provider: 'manual', reference: 'N40-ABCD1234' });
    const user = await show('poster');
    expect(panel().getByText('Worker keeps $570 · Need40 fee $30')).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Pay $600 with PayPal' }));
    expect(startFunding).toHaveBeenCalledWith('a1');
    expect(tab.location.replace).toHaveBeenCalledWith('https://paypal.me/need40/600');
    expect(await panel().findByText(/Waiting for Need40 to confirm your payment of \$600 \(reference N40-ABCD1234\)/)).toBeInTheDocument();
    expect(panel().getByRole('status')).toHaveTextContent('Quote the reference N40-ABCD1234 so Need40 can match it.');
  });

  it('approves a delivery it can read, and is told where the money goes', async () => {
    const delivered = makeDeal({ status: 'delivered', deliveredAt: '2024-04-11T12:00:00Z', releaseDueAt: '2024-04-25T12:00:00Z', notes: [{ kind: 'delivery', authorRole: 'worker', body: 'Live at the link', link: 'https://example.com/site', file: null, createdAt: '2024-04-11T12:00:00Z' }] });
    deal.mockResolvedValueOnce(delivered).mockResolvedValue(makeDeal({ status: 'released', steps: [makeStep({ id: 3, kind: 'release', pending: false, parts: { held: -60000, payable: 57000, fee_revenue: 3000 } })] }));
    vi.mocked(approveWork).mockResolvedValue(undefined);
    const user = await show('poster', 'delivered');
    // The latest delivery, to review (it is in the history below too).
    expect(panel().getAllByText('Live at the link')[0]).toBeVisible();
    expect(panel().getAllByRole('link', { name: 'https://example.com/site' })[0]).toHaveAttribute('href', 'https://example.com/site');
    await user.click(panel().getByRole('button', { name: 'Approve and release $570' }));
    expect(approveWork).toHaveBeenCalledWith('a1');
    expect(await panel().findByText('Released: Walter Worker receives $570 and Need40 keeps $30; Need40 pays Walter Worker out.')).toBeInTheDocument();
    expect(panel().getByRole('form', { name: 'Review Walter Worker' })).toBeInTheDocument();
  });

  it('opens a dispute only with a reason, and shows the refusal of the database in words', async () => {
    deal.mockResolvedValue(makeDeal({ status: 'delivered', deliveredAt: '2024-04-11T12:00:00Z' }));
    vi.mocked(openDispute).mockRejectedValue({ code: 'PT409', message: 'This deal is released and can no longer be changed that way' });
    const user = await show('poster', 'delivered');
    await user.click(panel().getByRole('button', { name: 'Open a dispute' }));
    await user.click(panel().getByRole('button', { name: 'Open the dispute' }));
    expect(panel().getByLabelText(/What went wrong/)).toHaveAccessibleDescription(/Write a note/);
    expect(openDispute).not.toHaveBeenCalled();
    await user.type(panel().getByLabelText(/What went wrong/), 'Half of it is missing');
    await user.click(panel().getByRole('button', { name: 'Open the dispute' }));
    expect(openDispute).toHaveBeenCalledWith('a1', 'Half of it is missing');
    expect(await panel().findByText('This deal is released and can no longer be changed that way')).toHaveAttribute('role', 'alert');
  });
});

describe('the worker', () => {
  it('waits while nothing is held; accepts the poster\'s proposed change', async () => {
    deal.mockResolvedValue(makeDeal({ change: { by: 'poster', rateCents: 70000, hours: null } }));
    vi.mocked(acceptChange).mockResolvedValue(undefined);
    const user = await show('worker');
    expect(panel().getByText('Paula Poster has not paid yet: the money is still with them. Wait before you start the work.')).toBeInTheDocument();
    expect(panel().getByText('Paula Poster proposes new terms: $700 in all.')).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Accept the new terms' }));
    expect(acceptChange).toHaveBeenCalledWith('a1');
    expect(panel().queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('delivers with a note and a link (a wrong link is explained first)', async () => {
    deal.mockResolvedValue(makeDeal({ status: 'funded' }));
    vi.mocked(deliverWork).mockResolvedValue(undefined);
    const user = await show('worker', 'funded');
    await user.click(panel().getByRole('button', { name: 'Deliver the work' }));
    await user.type(panel().getByLabelText(/What did you deliver/), 'All five pages');
    await user.type(panel().getByLabelText('Link (optional)'), 'ftp://files');
    await user.click(panel().getByRole('button', { name: 'Mark as delivered' }));
    expect(panel().getByLabelText('Link (optional)')).toHaveAccessibleDescription('A link must start with https:// or http://');
    await user.clear(panel().getByLabelText('Link (optional)'));
    await user.type(panel().getByLabelText('Link (optional)'), 'https://example.com/site');
    await user.click(panel().getByRole('button', { name: 'Mark as delivered' }));
    expect(deliverWork).toHaveBeenCalledWith('a1', 'worker-1', 'All five pages', 'https://example.com/site', null);
  });

  it('delivers with a file (one the bucket would refuse is explained first)', async () => {
    deal.mockResolvedValue(makeDeal({ status: 'funded' }));
    vi.mocked(deliverWork).mockResolvedValue(undefined);
    const user = await show('worker', 'funded');
    await user.click(panel().getByRole('button', { name: 'Deliver the work' }));
    await user.type(panel().getByLabelText(/What did you deliver/), 'The photos');
    const huge = new File(['%PDF-1.4'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(panel().getByLabelText('File (optional)'), huge);
    await user.click(panel().getByRole('button', { name: 'Mark as delivered' }));
    expect(panel().getByLabelText('File (optional)')).toHaveAccessibleDescription('Attach an image, PDF, text, CSV, ZIP or Office document of at most 10 MB.');
    expect(deliverWork).not.toHaveBeenCalled();
    const pdf = new File(['%PDF-1.4'], 'photos.pdf', { type: 'application/pdf' });
    await user.upload(panel().getByLabelText('File (optional)'), pdf);
    await user.click(panel().getByRole('button', { name: 'Mark as delivered' }));
    expect(deliverWork).toHaveBeenCalledWith('a1', 'worker-1', 'The photos', '', pdf);
  });

  it("the poster sees the delivery's file to download", async () => {
    const file = { attachment_path: 'a1/worker-1/x-photos.pdf', attachment_name: 'photos.pdf', attachment_type: 'application/pdf', attachment_size: 2048 };
    deal.mockResolvedValue(makeDeal({ status: 'delivered', deliveredAt: '2024-04-11T12:00:00Z', notes: [{ kind: 'delivery', authorRole: 'worker', body: 'Attached', link: null, file, createdAt: '2024-04-11T12:00:00Z' }] }));
    await show('poster', 'delivered');
    expect(panel().getAllByRole('button', { name: 'Download photos.pdf (2 KB)' })[0]).toBeVisible();
  });

  it('confirms a payout arrived; proposes a change with its checks', async () => {
    deal.mockResolvedValue(makeDeal({ status: 'paid_out', steps: [makeStep({ id: 4, kind: 'payout', pending: false, amountCents: 57000, reference: 'OUT-1', method: 'paypal' })] }));
    vi.mocked(confirmPayout).mockResolvedValue(undefined);
    const user = await show('worker', 'paid_out');
    expect(panel().getByText(/\$570 was paid to you on .* \(paypal, reference OUT-1\)\. Did it arrive\?/)).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Yes, it arrived' }));
    expect(confirmPayout).toHaveBeenCalledWith('a1');
    expect(panel().getByRole('link', { name: /Receipt/ })).toHaveAttribute('href', '#receipt/4');
  });

  it('a proposal checks the rate before the database does', async () => {
    deal.mockResolvedValue(makeDeal());
    const user = await show('worker');
    await user.click(panel().getByRole('button', { name: 'Propose a change to the deal' }));
    await user.type(panel().getByLabelText('New price ($)'), '12.345');
    await user.click(panel().getByRole('button', { name: 'Send the proposal' }));
    expect(panel().getByLabelText('New price ($)')).toHaveAccessibleDescription('The rate must be from 0.01 to 1000000, with at most two decimals');
    expect(proposeChange).not.toHaveBeenCalled();
  });
});

describe('with the Stripe provider', () => {
  const stripeHold = makeStep({ provider: 'stripe', reference: 'N40-ABCD1234' });
  const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_1';

  it('the poster pays at Stripe Checkout: the page goes to the session the backend opened', async () => {
    deal.mockResolvedValue(makeDeal({ provider: 'stripe' }));
    vi.mocked(stripeCheckoutUrl).mockResolvedValue(CHECKOUT);
    const user = await show('poster');
    expect(panel().queryByRole('button', { name: /PayPal/ })).toBeNull();
    await user.click(panel().getByRole('button', { name: 'Pay $600 with Stripe' }));
    expect(stripeCheckoutUrl).toHaveBeenCalledWith('a1');
    expect(leaveFor).toHaveBeenCalledWith(CHECKOUT);
  });

  it('back from a completed payment, the poster waits for Stripe to confirm it (no button to pay again)', async () => {
    window.history.replaceState(null, '', '/?payment=done&application=a1#gig/g1');
    deal.mockResolvedValue(makeDeal({ provider: 'stripe', steps: [stripeHold] }));
    await show('poster');
    expect(panel().getByText(/^Waiting for the payment to be confirmed: Stripe tells Need40 when your \$600 has arrived/)).toBeInTheDocument();
    expect(panel().getByRole('status')).toHaveTextContent('You are back from Stripe: this page updates by itself once Stripe confirms your payment.');
    expect(panel().queryByRole('button', { name: /with Stripe/ })).toBeNull();
  });

  it('back from a payment left unfinished (or another deal\'s), the poster may continue the same payment', async () => {
    window.history.replaceState(null, '', '/?payment=cancelled&application=a1#gig/g1');
    deal.mockResolvedValue(makeDeal({ provider: 'stripe', steps: [stripeHold] }));
    vi.mocked(stripeCheckoutUrl).mockRejectedValue(new Error('Edge Function returned a non-2xx status code'));
    const user = await show('poster');
    expect(panel().getByRole('status')).toHaveTextContent('You left Stripe before paying: nothing was charged.');
    await user.click(panel().getByRole('button', { name: 'Continue paying $600 with Stripe' }));
    expect(await panel().findByRole('alert')).toHaveTextContent('Stripe could not be opened. Check your connection and try again.');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('a worker without a Stripe account is asked to set up payouts, and comes back to the same view', async () => {
    window.history.replaceState(null, '', '/#gig/g1');
    deal.mockResolvedValue(makeDeal({ provider: 'stripe', status: 'funded' }));
    vi.mocked(recordedAccount).mockResolvedValue({ account: false, payoutsEnabled: false });
    vi.mocked(stripeOnboardingUrl).mockResolvedValue('https://connect.stripe.com/setup/e/acct_1/x');
    const user = await show('worker', 'funded');
    expect(await panel().findByText('Need40 pays you through Stripe: set up payouts to receive your $570.')).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Set up payouts' }));
    expect(stripeOnboardingUrl).toHaveBeenCalledWith('#gig/g1');
    expect(leaveFor).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/x');
    expect(stripeAccount).not.toHaveBeenCalled();
  });

  it("back from onboarding, the worker reads the account's state as Stripe has it now", async () => {
    window.history.replaceState(null, '', '/?stripe_onboarding=done#gig/g1');
    deal.mockResolvedValue(makeDeal({ provider: 'stripe', status: 'released', steps: [makeStep({ id: 3, kind: 'release', pending: false, parts: { held: -60000, payable: 57000, fee_revenue: 3000 } })] }));
    vi.mocked(stripeAccount).mockResolvedValueOnce({ account: true, payoutsEnabled: false });
    await show('worker', 'released');
    expect(await panel().findByText('Stripe still needs some details before it can pay you.')).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Continue setting up payouts' })).toBeInTheDocument();
    expect(panel().getByText('$570 is on its way to you: Need40 owes it to you and pays it to your Stripe account.')).toBeInTheDocument();
  });

  it('a worker whose payouts are enabled is told so; with the manual provider nothing of Stripe shows', async () => {
    vi.mocked(recordedAccount).mockResolvedValue({ account: true, payoutsEnabled: true });
    deal.mockResolvedValue(makeDeal({ provider: 'stripe', status: 'funded' }));
    const { unmount } = render(<DealPanel applicationId="a1" status="funded" side="worker" />);
    await screen.findByRole('group', { name: 'Payment for Build a landing page' });
    expect(await panel().findByText('Payouts are set up: Need40 pays you through Stripe.')).toBeInTheDocument();
    unmount();
    vi.mocked(recordedAccount).mockClear();
    deal.mockResolvedValue(makeDeal({ status: 'funded' }));
    await show('worker', 'funded');
    expect(panel().queryByText(/Stripe/)).toBeNull();
    expect(recordedAccount).not.toHaveBeenCalled();
  });
});

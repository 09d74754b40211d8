import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDeal, makePayment } from '../../test/deals';
import { fetchDeal, leaveReview } from './api';
import { DealPanel } from './DealPanel';

vi.mock('./api', async (original) => ({ ...(await original<object>()), fetchDeal: vi.fn(), leaveReview: vi.fn() }));
const deal = vi.mocked(fetchDeal);
const review = vi.mocked(leaveReview);
const paid = makeDeal({ status: 'paid', payment: makePayment({ status: 'completed' }) });

const panel = () => within(screen.getByRole('group', { name: 'Payment for Build a landing page' }));
const show = async (side: 'poster' | 'worker') => {
  render(<DealPanel applicationId="a1" status="paid" side={side} />);
  await screen.findByRole('group', { name: 'Payment for Build a landing page' });
};

beforeEach(() => vi.clearAllMocks());

describe('reviews after the payment is confirmed', () => {
  it('the poster rates the worker with a star radio group and a short text, then sees "You reviewed …"', async () => {
    deal.mockResolvedValueOnce(paid).mockResolvedValue({ ...paid, reviews: [{ reviewerId: 'poster-1', rating: 4, body: 'Quick and careful.' }] });
    review.mockResolvedValue(undefined);
    await show('poster');
    expect(panel().getByText('Paid: Walter Worker confirmed receiving the payment.')).toBeInTheDocument();
    expect(panel().queryByRole('button', { name: /Pay with PayPal/ })).toBeNull();
    const form = within(screen.getByRole('form', { name: 'Review Walter Worker' }));
    const stars = within(form.getByRole('group', { name: 'Your rating of Walter Worker' }));
    expect(stars.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    const user = userEvent.setup();
    await user.click(form.getByRole('button', { name: 'Post review' }));
    expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(review).not.toHaveBeenCalled();
    await user.click(stars.getByRole('radio', { name: '4 stars' }));
    expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const text = form.getByLabelText('Your review');
    await user.type(text, 'Quick and careful.');
    expect(text).toHaveAccessibleDescription('18 / 1000 characters');
    await user.click(form.getByRole('button', { name: 'Post review' }));
    expect(review).toHaveBeenCalledWith('a1', 4, 'Quick and careful.');
    expect(await panel().findByText(/You reviewed Walter Worker/)).toHaveTextContent('You reviewed Walter Worker: ★★★★☆ 4 out of 5');
    expect(panel().getByText('Quick and careful.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('arrow keys move between the stars', async () => {
    deal.mockResolvedValue(paid);
    await show('worker');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
  });

  it('the text is limited as in the database, and a refusal is shown in words', async () => {
    deal.mockResolvedValue(paid);
    review.mockRejectedValue({ code: '23505', message: 'You have already reviewed this work' });
    await show('worker');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    const text = screen.getByLabelText('Your review');
    await user.click(text);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(text).toHaveAccessibleDescription('1001 / 1000 characters The review must be at most 1000 characters');
    expect(review).not.toHaveBeenCalled();
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(review).toHaveBeenCalledWith('a1', 5, '');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already reviewed this work');
  });

  it("the worker sees the poster's review of them next to their own", async () => {
    deal.mockResolvedValue({
      ...paid,
      reviews: [
        { reviewerId: 'poster-1', rating: 5, body: 'Great work.' },
        { reviewerId: 'worker-1', rating: 3, body: '' },
      ],
    });
    await show('worker');
    expect(panel().getByText('You confirmed receiving the payment.')).toBeInTheDocument();
    expect(panel().getByText(/Paula Poster reviewed you/)).toHaveTextContent('Paula Poster reviewed you: ★★★★★ 5 out of 5');
    expect(panel().getByText('Great work.')).toBeInTheDocument();
    expect(panel().getByText(/You reviewed Paula Poster/)).toHaveTextContent('You reviewed Paula Poster: ★★★☆☆ 3 out of 5');
  });
});

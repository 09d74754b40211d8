import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Campaign from './Campaign';

describe('Campaign', () => {
  it('renders the Need40 section with the pitch, goal, launch badge and feature cards', () => {
    const { container } = render(<Campaign />);
    const section = container.querySelector('section#need40') as HTMLElement;
    expect(section).not.toBeNull();
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('The Need40 campaign: $600 gigs, $570 to the worker');
    const s = within(section);
    expect(s.getByText('A $600 gig pays the worker $570 (95%) and the platform takes a $30 fee (5%).')).toBeInTheDocument();
    expect(s.getByText('10 gigs per week')).toBeInTheDocument();
    expect(s.getByText('520 jobs a year')).toBeInTheDocument();
    expect(s.getByText('April 8, 2024')).toHaveAttribute('datetime', '2024-04-08');
    const cards = within(s.getAllByRole('list')[0]!).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(s.getByRole('heading', { name: '95% to the worker' })).toBeInTheDocument();
    expect(s.getByRole('heading', { name: 'One flat, visible fee' })).toBeInTheDocument();
    expect(s.getByRole('heading', { name: 'Real jobs, every week' })).toBeInTheDocument();
  });

  it('has every campaign button of the spec', () => {
    render(<Campaign />);
    for (const name of ['Give40 Support', 'Pay $600', 'Share Movement', 'Post $600 Gig', 'Earn $570 Now']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('Post $600 Gig goes to the post-gig section and Earn $570 Now to the gigs grid', async () => {
    const user = userEvent.setup();
    const gigs = Object.assign(document.createElement('section'), { id: 'gigs' });
    const postGig = Object.assign(document.createElement('section'), { id: 'post-gig' });
    document.body.append(gigs, postGig);
    try {
      render(<Campaign />);
      await user.click(screen.getByRole('button', { name: 'Post $600 Gig' }));
      expect(postGig).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Earn $570 Now' }));
      expect(gigs).toHaveFocus();
    } finally {
      gigs.remove();
      postGig.remove();
    }
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeGig } from '../../../test/fixtures';
import { GigCard } from './GigCard';

describe('a gig card', () => {
  it('shows title, description, payment type, "$rate/hr", hours, skills, location, date and poster', () => {
    render(<GigCard gig={makeGig({ postedDate: '2024-04-08T12:00:00Z' })} />);
    const card = screen.getByRole('article', { name: 'Build a landing page' });
    expect(within(card).getByRole('heading', { name: 'Build a landing page' })).toBeInTheDocument();
    expect(card).toHaveTextContent('One page, responsive, with a contact form.');
    expect(card).toHaveTextContent('$45/hr');
    expect(card).toHaveTextContent('Hourly');
    expect(card).toHaveTextContent('10 hrs (est.)');
    expect(card).toHaveTextContent('Remote');
    expect(within(card).getByText('Apr 8, 2024')).toHaveAttribute('datetime', '2024-04-08T12:00:00Z');
    const skills = within(card).getByRole('list', { name: 'Skills' });
    expect(within(skills).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['React', 'CSS']);
    expect(card).toHaveTextContent('Posted by Ada Lovelace');
    expect(card).not.toHaveTextContent('ada_cb1a');
  });

  it('writes cents as "$25.50/hr" and keeps whole amounts as "$45/hr"', () => {
    render(<GigCard gig={makeGig({ rate: 25.5 })} />);
    expect(screen.getByRole('article')).toHaveTextContent('$25.50/hr');
  });

  it("shows a member without a display name as \"A Need40 member\", not the generated handle", () => {
    render(<GigCard gig={makeGig({ poster: { name: '  ', username: 'uxtester_cb1a', avatarUrl: null } })} />);
    expect(screen.getByRole('article')).toHaveTextContent('Posted by A Need40 member');
    expect(screen.getByRole('article')).not.toHaveTextContent('uxtester_cb1a');
  });

  it('shows "$rate" without "/hr" for a fixed gig', () => {
    render(<GigCard gig={makeGig({ paymentType: 'fixed', rate: 600, location: 'hybrid' })} />);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('$600');
    expect(card).not.toHaveTextContent('/hr');
    expect(card).toHaveTextContent('Fixed price');
    expect(card).toHaveTextContent('Hybrid');
  });

  it("shows the poster's avatar when there is one", () => {
    const { container } = render(<GigCard gig={makeGig({ poster: { name: 'Ada Lovelace', username: 'ada_cb1a', avatarUrl: 'https://img.example/ada.png' } })} />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://img.example/ada.png');
  });

  it('never puts an unsafe avatar URL in the page', () => {
    const { container } = render(<GigCard gig={makeGig({ poster: { name: null, username: null, avatarUrl: 'javascript:alert(1)' } })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('article')).toHaveTextContent('Posted by A Need40 member');
  });

  it('has Apply Now and Save present but inert, saying why', () => {
    render(<GigCard gig={makeGig()} />);
    const apply = screen.getByRole('button', { name: 'Apply Now' });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAttribute('title', 'Applying is not available yet');
    const save = screen.getByRole('button', { name: 'Save Build a landing page' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('title', 'Saving gigs is not available yet');
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiStore } from '@need40/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wantsToApply } from '../../../lib/applyIntent';
import { makeGig, resetUi, signIn, signOutForTest } from '../../../test/fixtures';
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

  it('shows what the worker keeps of the rate, and the poster\'s average rating once there is one', () => {
    const { rerender } = render(<GigCard gig={makeGig({ paymentType: 'fixed', rate: 600, workerCents: 57000 })} />);
    expect(screen.getByRole('article')).toHaveTextContent('Worker keeps$570');
    expect(screen.queryByTestId('rating')).toBeNull();
    rerender(<GigCard gig={makeGig({ rate: 45, poster: { name: 'Ada Lovelace', username: 'ada', avatarUrl: null, rating: { average: 4.5, count: 2 } } })} />);
    expect(screen.getByRole('article')).toHaveTextContent('Worker keeps$42.75/hr');
    expect(screen.getByTestId('rating')).toHaveTextContent('★ 4.5 · 2 reviews');
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

  it("shows the poster's display name when there is one, linking to their public profile", () => {
    render(<GigCard gig={makeGig({ userId: 'poster-1', poster: { name: 'Ada Lovelace', username: 'uxtester_cb1a', avatarUrl: null } })} />);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Posted by Ada Lovelace');
    expect(card).not.toHaveTextContent('uxtester_cb1a');
    expect(within(card).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '#profile/poster-1');
  });

  it("the title opens the gig's page", () => {
    render(<GigCard gig={makeGig({ id: 'g-42' })} />);
    expect(screen.getByRole('link', { name: 'Build a landing page' })).toHaveAttribute('href', '#gig/g-42');
  });
});

describe("a card's Apply Now and Save", () => {
  beforeEach(() => {
    resetUi();
    window.location.hash = '';
  });
  afterEach(() => act(() => signOutForTest()));

  it("Apply Now opens the gig's page with the application asked for", async () => {
    act(() => signOutForTest());
    render(<GigCard gig={makeGig({ id: 'g-7' })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(window.location.hash).toBe('#gig/g-7');
    expect(wantsToApply('g-7')).toBe(true);
  });

  it('on their own gig the poster gets no Apply Now: the button says it is theirs', () => {
    act(() => signIn('u1'));
    render(<GigCard gig={makeGig({ userId: 'u1' })} />);
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This is your gig' })).toBeDisabled();
  });

  it('Save, signed out, opens the login modal saying why and marks nothing', async () => {
    act(() => signOutForTest());
    render(<GigCard gig={makeGig()} />);
    const save = screen.getByRole('button', { name: 'Save Build a landing page' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(save);
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login', notice: 'Log in to save gigs.' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
  });
});

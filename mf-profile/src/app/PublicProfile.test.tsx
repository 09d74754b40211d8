import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { worded } from '@need40/ui';
import { applyAuthEvent, sessionStore } from '@need40/shared';
import type { Session } from '@supabase/supabase-js';
import { getPublicProfile, MemberNotFoundError } from '../features/public-profile/api/getPublicProfile';
import { aPublicProfile } from '../test/publicProfiles';
import PublicProfile from './PublicProfile';

vi.mock('../features/public-profile/api/getPublicProfile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/public-profile/api/getPublicProfile')>()),
  getPublicProfile: vi.fn(),
}));
const get = vi.mocked(getPublicProfile);
const ID = '2f1c6d8e-1b7a-4c1e-9a53-0c7f0d2b9e11';

function signedOut() {
  act(() => applyAuthEvent('SIGNED_OUT', null));
}

describe('PublicProfile: states', () => {
  beforeEach(() => {
    get.mockReset();
    signedOut();
  });

  it('waits for the session, then shows "Loading profile..." while loading', () => {
    act(() => sessionStore.setState({ status: 'loading' }));
    get.mockReturnValue(new Promise(() => {}));
    render(<PublicProfile profileId={ID} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    expect(get).not.toHaveBeenCalled();
    signedOut();
    expect(get).toHaveBeenCalledWith(ID, false);
  });

  it('says the member could not be found, with a link home', async () => {
    get.mockRejectedValue(new MemberNotFoundError());
    render(<PublicProfile profileId="nobody" />);
    expect(await screen.findByRole('heading', { name: 'This member could not be found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Need40 home' })).toHaveAttribute('href', '#home');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows a load failure with Retry, which loads again', async () => {
    get.mockRejectedValueOnce(worded("Can't reach Need40 right now — check your connection and try again."));
    get.mockResolvedValueOnce(aPublicProfile());
    const user = userEvent.setup();
    render(<PublicProfile profileId={ID} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Can't reach Need40 right now — check your connection and try again.");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('falls back to a plain sentence when a failure has no message', async () => {
    get.mockRejectedValue(undefined);
    render(<PublicProfile profileId={ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This profile could not be loaded.');
  });

  it('loads again with the viewer when someone signs in (contact details depend on who looks)', async () => {
    get.mockResolvedValue(aPublicProfile());
    render(<PublicProfile profileId={ID} />);
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    act(() => applyAuthEvent('SIGNED_IN', { access_token: 'x.e30.y', user: { id: 'viewer-1' } } as unknown as Session));
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(get).toHaveBeenLastCalledWith(ID, true);
  });
});

describe('PublicProfile: the profile', () => {
  beforeEach(() => {
    get.mockReset();
    signedOut();
  });

  it('shows the public fields, open gigs and reviews, and no contact details', async () => {
    get.mockResolvedValue(aPublicProfile());
    render(<PublicProfile profileId={ID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Compiler engineer')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2024')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.5 out of 5 (2 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Hourly rate').nextSibling).toHaveTextContent('$25.50/hr');
    expect(screen.getByText('I find bugs, sometimes literal ones.')).toBeInTheDocument();
    expect(screen.getByText('COBOL')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Experience' })).toHaveTextContent('Rear admiral at US Navy');
    expect(screen.getByRole('link', { name: 'https://example.com/cobol' })).toHaveAttribute('href', 'https://example.com/cobol');
    expect(screen.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText('GitHub profile')).not.toBeInTheDocument();
    const gigs = screen.getByRole('region', { name: 'Open gigs' });
    expect(within(gigs).getByRole('link', { name: 'Teach a COBOL workshop' })).toHaveAttribute('href', '#gig/gig-1');
    expect(within(gigs).getByText('$600 fixed')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('Fixed it in an afternoon.')).toBeInTheDocument();
    expect(within(reviews).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(reviews).getByText('★★★★★')).toHaveAttribute('aria-hidden', 'true');
    expect(within(reviews).getByText('5 out of 5')).toBeInTheDocument();
    expect(within(reviews).getByRole('link', { name: 'Fix the COBOL build' })).toHaveAttribute('href', '#gig/gig-9');
    expect(screen.getByText('3 gigs completed')).toBeInTheDocument();
    expect(screen.getByText('Available for work')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contact details' })).not.toBeInTheDocument();
    expect(screen.queryByText(/email|phone|contact/i)).not.toBeInTheDocument();
  });

  it('shows email and phone when the database granted them', async () => {
    get.mockResolvedValue(aPublicProfile({ contact: { email: 'grace@example.com', phone: '+1 555 0100' } }));
    render(<PublicProfile profileId={ID} />);
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(contact).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    expect(within(contact).getByText('+1 555 0100')).toBeInTheDocument();
  });

  it('leaves out what the member did not fill in, and says when there are no gigs or reviews', async () => {
    get.mockResolvedValue(
      aPublicProfile({ title: '', bio: '', skills: [], hourlyRate: null, experience: [], portfolio: [], linkedin: '', rating: null, reviews: [], openGigs: [], completedGigs: 0, availableForWork: false }),
    );
    render(<PublicProfile profileId={ID} />);
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    for (const name of ['About', 'Skills', 'Experience', 'Links']) expect(screen.queryByRole('heading', { name })).not.toBeInTheDocument();
    expect(screen.queryByText('Hourly rate')).not.toBeInTheDocument();
    expect(screen.getByText('No open gigs right now.')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByText('No gigs completed yet')).toBeInTheDocument();
    expect(screen.queryByText('Available for work')).not.toBeInTheDocument();
  });

  it('shows script links as text, never as links', async () => {
    get.mockResolvedValue(aPublicProfile({ portfolio: ['javascript:alert(1)'], linkedin: 'data:text/html,x', openGigs: [] }));
    render(<PublicProfile profileId={ID} />);
    expect(await screen.findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getByText('LinkedIn profile').closest('a')).toBeNull();
  });
});

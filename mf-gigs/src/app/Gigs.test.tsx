import { render, screen, within } from '@testing-library/react';
import { MESSAGES } from '@need40/shared';
import { describe, expect, it, vi } from 'vitest';
import { fetchGigs } from '../features/grid/api/fetchGigs';
import { useGigs } from '../features/grid/hooks/useGigs';
import Gigs from './Gigs';

vi.mock('../features/grid/api/fetchGigs', () => ({ fetchGigs: vi.fn(async () => ({ gigs: [], total: 0 })), PAGE_SIZE: 12 }));
vi.mock('../lib/live/watchGigs', () => ({ watchGigs: vi.fn(() => () => {}) }));
vi.mock('../features/grid/hooks/useGigs', async (original) => ({ useGigs: vi.fn((await original<typeof import('../features/grid/hooks/useGigs')>()).useGigs) }));

describe('the exposed Gigs component', () => {
  it('renders the #gigs grid and the #post-gig form the Need40 buttons scroll to', async () => {
    const { container } = render(<Gigs />);
    expect(container.querySelector('section#gigs')).toContainElement(screen.getByRole('heading', { name: 'Latest Gigs' }));
    expect(container.querySelector('section#post-gig')).toContainElement(screen.getByRole('heading', { name: 'Post Your Gig' }));
    expect(await screen.findByText(MESSAGES.noGigs)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.loginToPostGig })).toBeInTheDocument();
    expect(vi.mocked(fetchGigs)).toHaveBeenCalledWith({}, 0);
  });

  it('a crash of the grid leaves the Post Your Gig form working', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useGigs).mockImplementation(() => {
      throw new Error('grid bug');
    });
    const { container } = render(<Gigs />);
    expect(within(container.querySelector('section#gigs')!).getByRole('alert')).toHaveTextContent('Latest Gigs stopped working.');
    expect(screen.getByRole('button', { name: MESSAGES.loginToPostGig })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Post Your Gig' })).getByLabelText('Title')).toBeInTheDocument();
  });
});

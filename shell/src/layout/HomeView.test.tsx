import { act, render, screen } from '@testing-library/react';
import { loadRemoteModule } from '../federation/loader';
import { HomeView, REVEAL_CAP_MS } from './HomeView';

vi.mock('../federation/loader', () => ({ loadRemoteModule: vi.fn() }));
vi.mock('../sections/ConnectionBanner', () => ({ ConnectionBanner: () => <p>status line</p> }));
const load = vi.mocked(loadRemoteModule);

const Campaign = () => <section aria-label="campaign">campaign</section>;
const Gigs = () => <section aria-label="Latest Gigs">gigs</section>;

/** Each remote resolves when the test says so. */
function controlledRemotes() {
  const resolvers: Record<string, (m: unknown) => void> = {};
  const rejecters: Record<string, (e: unknown) => void> = {};
  load.mockImplementation((remote: string) => new Promise((resolve, reject) => ((resolvers[remote] = resolve), (rejecters[remote] = reject))));
  return { resolvers, rejecters };
}

const gigsShown = () => !document.querySelector('[data-remote="gigs"]')!.closest('[hidden]');

beforeEach(() => {
  load.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('Home keeps what is on screen in place', () => {
  it('shows the hero at once and keeps room for the campaign', () => {
    controlledRemotes();
    render(<HomeView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Fair pay for every gig' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading The Need40 campaign…');
  });

  it('loads Latest Gigs from the start but shows it only once the campaign above it has arrived', async () => {
    const { resolvers } = controlledRemotes();
    render(<HomeView />);
    expect(load).toHaveBeenCalledWith('gigs', 'Gigs', { fresh: false });
    await act(async () => resolvers.gigs!({ default: Gigs }));
    expect(gigsShown()).toBe(false);
    await act(async () => resolvers.campaign!({ default: Campaign }));
    expect(gigsShown()).toBe(true);
    expect(screen.getByRole('region', { name: 'Latest Gigs' })).toBeVisible();
  });

  it('a failed campaign does not hide the gigs', async () => {
    const { resolvers, rejecters } = controlledRemotes();
    render(<HomeView />);
    await act(async () => resolvers.gigs!({ default: Gigs }));
    await act(async () => rejecters.campaign!(new Error('down')));
    expect(screen.getByText('The Need40 campaign could not be loaded.')).toBeInTheDocument();
    expect(gigsShown()).toBe(true);
  });

  it('a slow campaign hides the gigs for a few seconds at most', async () => {
    vi.useFakeTimers();
    try {
      controlledRemotes();
      render(<HomeView />);
      expect(gigsShown()).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(REVEAL_CAP_MS));
      expect(gigsShown()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

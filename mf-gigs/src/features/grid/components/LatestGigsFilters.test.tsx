import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@need40/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGig, resetUi } from '../../../test/fixtures';
import { fetchGigs } from '../api/fetchGigs';
import { LatestGigs } from './LatestGigs';

vi.mock('../api/fetchGigs', () => ({ fetchGigs: vi.fn(), PAGE_SIZE: 2 }));
vi.mock('../../../lib/live/watchGigs', () => ({ watchGigs: vi.fn(() => () => {}) }));
const fetchMock = vi.mocked(fetchGigs);

const newer = makeGig({ id: 'g2', title: 'Newer gig', postedDate: '2024-05-01T12:00:00Z' });
const older = makeGig({ id: 'g1', title: 'Older gig', postedDate: '2024-04-08T12:00:00Z' });
const filterBar = () => within(screen.getByRole('search', { name: 'Filter gigs' }));
const cardTitles = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('Latest Gigs filters', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue({ gigs: [newer], total: 1 });
    resetUi();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the filters from the page URL on load (a shared link)', async () => {
    window.history.replaceState(null, '', '/?q=logo&type=fixed&location=remote&min=100&max=900&skills=figma,%20branding#gigs');
    render(<LatestGigs />);
    await screen.findByRole('article');
    expect(fetchMock).toHaveBeenCalledWith(
      { search: 'logo', paymentType: 'fixed', location: 'remote', minRate: 100, maxRate: 900, skills: ['figma', 'branding'] },
      0,
    );
    expect(filterBar().getByLabelText('Search titles')).toHaveValue('logo');
    expect(filterBar().getByLabelText('Payment type')).toHaveValue('fixed');
    expect(filterBar().getByLabelText('Location')).toHaveValue('remote');
    expect(filterBar().getByLabelText('Min rate ($)')).toHaveValue('100');
    expect(filterBar().getByLabelText('Max rate ($)')).toHaveValue('900');
    expect(filterBar().getByLabelText('Skills')).toHaveValue('figma, branding');
  });

  it('debounces typed text into one read and keeps it in the URL (other parameters and the hash kept)', async () => {
    window.history.replaceState(null, '', '/?ref=mail#gigs');
    const user = userEvent.setup();
    render(<LatestGigs />);
    await screen.findByRole('article');
    await user.type(filterBar().getByLabelText('Search titles'), 'logo');
    await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith({ search: 'logo' }, 0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(window.location.search).toBe('?ref=mail&q=logo');
    expect(window.location.hash).toBe('#gigs');
  });

  it('applies choices at once and sends min, max and skills', async () => {
    const user = userEvent.setup();
    render(<LatestGigs />);
    await screen.findByRole('article');
    await user.selectOptions(filterBar().getByLabelText('Payment type'), 'hourly');
    expect(fetchMock).toHaveBeenLastCalledWith({ paymentType: 'hourly' }, 0);
    await user.selectOptions(filterBar().getByLabelText('Location'), 'onsite');
    await user.type(filterBar().getByLabelText('Min rate ($)'), '20');
    await user.type(filterBar().getByLabelText('Max rate ($)'), '80');
    await user.type(filterBar().getByLabelText('Skills'), 'react, css');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith({ paymentType: 'hourly', location: 'onsite', minRate: 20, maxRate: 80, skills: ['react', 'css'] }, 0),
    );
    expect(new URLSearchParams(window.location.search).get('skills')).toBe('react, css');
  });

  it('shows the answer to the latest filters even when an older read answers last', async () => {
    let answerFirst: (page: { gigs: ReturnType<typeof makeGig>[]; total: number }) => void = () => {};
    fetchMock.mockReset();
    fetchMock
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ gigs: [older], total: 1 });
    const user = userEvent.setup();
    render(<LatestGigs />);
    await user.selectOptions(filterBar().getByLabelText('Location'), 'remote');
    expect(await screen.findByRole('article', { name: 'Older gig' })).toBeInTheDocument();
    act(() => answerFirst({ gigs: [newer], total: 1 }));
    await new Promise((r) => setTimeout(r, 20));
    expect(cardTitles()).toEqual(['Older gig']);
  });

  it('suggests clearing the filters when they match nothing, and clearing shows every gig again', async () => {
    window.history.replaceState(null, '', '/?location=hybrid');
    fetchMock.mockImplementation(async (filters) => (filters.location ? { gigs: [], total: 0 } : { gigs: [newer], total: 1 }));
    const user = userEvent.setup();
    render(<LatestGigs />);
    expect(await screen.findByText('No gigs match these filters.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.noGigs)).not.toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clearButtons[clearButtons.length - 1]!);
    expect(await screen.findByRole('article', { name: 'Newer gig' })).toBeInTheDocument();
    expect(filterBar().getByLabelText('Location')).toHaveValue('');
    expect(window.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('sends skills as typed (matching ignores case in the database)', async () => {
    const user = userEvent.setup();
    render(<LatestGigs />);
    await screen.findByRole('article');
    await user.type(filterBar().getByLabelText('Skills'), 'react, TypeScript');
    await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith({ skills: ['react', 'TypeScript'] }, 0));
  });

  it('an invalid rate gets a message, is not sent nor kept in the URL, and Clear filters clears it', async () => {
    const user = userEvent.setup();
    render(<LatestGigs />);
    await screen.findByRole('article');
    const clear = filterBar().getByRole('button', { name: 'Clear filters' });
    expect(clear).toBeDisabled();
    const min = filterBar().getByLabelText('Min rate ($)');
    await user.type(min, '-5');
    expect(clear).toBeEnabled();
    await waitFor(() => expect(min).toHaveAccessibleDescription("Min rate can't be negative"));
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.location.search).toBe('');
    await user.click(clear);
    expect(min).toHaveValue('');
    expect(min).toHaveAttribute('aria-invalid', 'false');
    expect(clear).toBeDisabled();
  });

  it('a min rate above the max, or text that is not a number, gets a message and is not sent', async () => {
    window.history.replaceState(null, '', '/?min=90&max=20');
    const user = userEvent.setup();
    render(<LatestGigs />);
    await screen.findByRole('article');
    expect(fetchMock).toHaveBeenLastCalledWith({ minRate: 90 }, 0);
    expect(filterBar().getByLabelText('Max rate ($)')).toHaveAccessibleDescription('Max rate must be at least the min rate');
    expect(window.location.search).toBe('?min=90');
    await user.clear(filterBar().getByLabelText('Min rate ($)'));
    await user.type(filterBar().getByLabelText('Min rate ($)'), 'ten');
    await waitFor(() => expect(filterBar().getByLabelText('Min rate ($)')).toHaveAccessibleDescription('Min rate must be a number, like 25 or 25.50'));
    await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith({ maxRate: 20 }, 0));
  });
});

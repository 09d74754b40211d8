import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { FindWorkers, NO_WORKERS } from './FindWorkers';

const supabase = fakeSupabase();
const row = (i: number) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`, full_name: `Worker ${i}`, username: null, avatar_url: null, title: 'Designer', skills: ['Figma'],
  hourly_rate: '40', hours_per_week: 20, timezone: null, available_since: `2024-05-0${i}T10:00:00Z`, average_rating: '4.50', review_count: 2, completed_gigs: i,
});
const rpcCalls = () => supabase.calls.filter((c) => c[0] === 'rpc');

describe('Find workers', () => {
  beforeEach(() => supabase.reset());

  it('lists available workers with public fields, searches by skills, rate and rating, pages by keyset', async () => {
    supabase.answer('rpc:search_workers', { data: Array.from({ length: 21 }, (_, i) => row((i % 9) + 1)).map((r, i) => ({ ...r, id: `${r.id.slice(0, -2)}${String(i).padStart(2, '0')}` })) }, { data: [row(9)] }, { data: [row(1)] });
    const user = userEvent.setup();
    render(<FindWorkers />);
    const list = await screen.findByRole('list', { name: 'Available workers' });
    const cards = () => within(list).getAllByRole('heading', { level: 2 }).map((h) => h.closest('li')!);
    expect(cards()).toHaveLength(20);
    expect(rpcCalls()[0]).toEqual(['rpc', 'search_workers', { p_limit: 21 }]);
    const first = cards()[0]!;
    expect(within(first).getByRole('link', { name: 'Worker 1' })).toHaveAttribute('href', '#profile/00000000-0000-4000-8000-000000000000');
    expect(first).toHaveTextContent('$40/hr');
    expect(first).toHaveTextContent('Rated 4.5 out of 5 (2 reviews) · 1 gig completed · 20 hours a week');
    await user.click(screen.getByRole('button', { name: 'Show more workers' }));
    const last = rpcCalls()[1]![2] as Record<string, unknown>;
    expect(last).toMatchObject({ p_after_id: '00000000-0000-4000-8000-000000000019', p_limit: 21 });

    const form = screen.getByRole('form', { name: 'Search workers' });
    await user.type(within(form).getByLabelText(/^Skills/), 'Figma, react, figma');
    await user.type(within(form).getByLabelText('Min rate ($/hr)'), '30');
    await user.type(within(form).getByLabelText('Max rate ($/hr)'), '60');
    await user.selectOptions(within(form).getByLabelText('Rating'), '4');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Worker 1')).toBeInTheDocument();
    expect(rpcCalls()[2]).toEqual(['rpc', 'search_workers', { p_skills: ['Figma', 'react'], p_min_rate: 30, p_max_rate: 60, p_min_rating: 4, p_limit: 21 }]);
  });

  it('refuses a rate range upside down or out of range before asking', async () => {
    supabase.answer('rpc:search_workers', { data: [] });
    const user = userEvent.setup();
    render(<FindWorkers />);
    await screen.findByText(NO_WORKERS);
    const form = screen.getByRole('form', { name: 'Search workers' });
    await user.type(within(form).getByLabelText('Min rate ($/hr)'), '90');
    await user.type(within(form).getByLabelText('Max rate ($/hr)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByText('The maximum rate must not be below the minimum')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Min rate ($/hr)'));
    await user.type(within(form).getByLabelText('Min rate ($/hr)'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByText('Enter a rate from 0 to 1,000,000')).toBeInTheDocument();
    expect(rpcCalls()).toHaveLength(1);
  });

  it('says when nobody matches, and a failed read says so with Retry', async () => {
    supabase.answer('rpc:search_workers', { data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 }, { data: [] });
    const user = userEvent.setup();
    render(<FindWorkers />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load workers. Check your connection and try again.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NO_WORKERS)).toBeInTheDocument();
  });
});

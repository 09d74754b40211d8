import { render, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { WeeklyProgress } from './WeeklyProgress';

const supabase = fakeSupabase();
beforeEach(() => supabase.reset());

it('shows this week\'s released gigs against the goal and the running totals, once the page is idle', async () => {
  supabase.answer('rpc:campaign_progress', { data: [{ week_start: '2026-11-23', gigs_released_this_week: 3, weekly_goal: 10, paid_to_workers_cents: 114000, fees_kept_cents: 6000 }] });
  render(<WeeklyProgress />);
  expect(screen.getByText('Reading the books...')).toBeInTheDocument();
  expect(await screen.findByText('3 of 10 gigs')).toBeInTheDocument();
  expect(screen.getByText(/Paid to workers so far:/)).toHaveTextContent('Paid to workers so far: $1,140 · Kept by Need40 as fees: $60');
  expect(supabase.calls).toContainEqual(['rpc', 'campaign_progress', undefined]);
});

it('says the figures are not available when the books cannot be read', async () => {
  supabase.answer('rpc:campaign_progress', { error: { message: 'TypeError: Failed to fetch' }, status: 0 });
  render(<WeeklyProgress />);
  expect(await screen.findByText("This week's figures are not available right now.")).toBeInTheDocument();
});

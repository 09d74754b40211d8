/**
 * The campaign from the books (`campaign_progress()`, public): gigs whose money was released this
 * week (the week starts Monday, UTC) against the goal, and the running totals paid out to workers
 * and kept as fees — all from the ledger, in cents.
 */
import { getSupabase } from '@need40/shared';

export interface CampaignProgress {
  releasedThisWeek: number;
  weeklyGoal: number;
  paidToWorkersCents: number;
  feesKeptCents: number;
}

export async function fetchCampaignProgress(): Promise<CampaignProgress> {
  const { data, error } = await getSupabase().rpc('campaign_progress');
  if (error) throw new Error(error.message);
  const row = data?.[0];
  if (!row) throw new Error('No campaign figures');
  return {
    releasedThisWeek: Number(row.gigs_released_this_week),
    weeklyGoal: Number(row.weekly_goal),
    paidToWorkersCents: Number(row.paid_to_workers_cents),
    feesKeptCents: Number(row.fees_kept_cents),
  };
}

import { useEffect, useState } from 'react';
import { getSupabase } from '@need40/shared';
import { memberName } from '@need40/ui';
import { DEAL_STATUSES, DealSlot } from '../../../lib/dealSlot';
import { orThrow } from '../../../lib/orThrow';

interface GigDeal {
  id: string;
  status: string;
  workerName: string;
}

async function fetchGigDeals(gigId: string): Promise<GigDeal[]> {
  const rows = orThrow(
    await getSupabase().from('applications').select('id, status, worker:worker_id(full_name)').eq('gig_id', gigId).in('status', [...DEAL_STATUSES]).order('created_at'),
  );
  return rows.map((r) => ({ id: r.id, status: r.status, workerName: memberName(r.worker) }));
}

/**
 * On their own gig, the poster's deals with their payment panels (the same as on the dashboard), so
 * a poster Stripe sends back to the gig's page after paying sees the payment there.
 */
export function PosterDeals({ gigId }: { gigId: string }) {
  const [deals, setDeals] = useState<GigDeal[]>([]);
  useEffect(() => {
    let current = true;
    fetchGigDeals(gigId).then(
      (rows) => current && setDeals(rows),
      (error: unknown) => console.error('[mf-gigs] could not read the deals of your gig', error),
    );
    return () => {
      current = false;
    };
  }, [gigId]);
  const moved = (id: string) => (status: string) => setDeals((all) => all.map((d) => (d.id === id ? { ...d, status } : d)));
  return deals.map((d) => (
    <section key={d.id} aria-label={`Your deal with ${d.workerName}`}>
      <DealSlot applicationId={d.id} status={d.status} side="poster" onChanged={moved(d.id)} />
    </section>
  ));
}

import { useEffect, useRef } from 'react';
import { formatMoney, ui } from '@need40/ui';
import { GIG_STATUS_LABELS } from '../../../lib/applications';
import { gigHref, GRID_HREF } from '../../../lib/navigation';
import { SaveButton } from '../../../lib/saved/SaveButton';
import { useSavedVersion } from '../../../lib/saved/savedStore';
import { fetchSavedGigs, type SavedGigRow } from '../api/dashboard';
import { dashboardKey, useDashboardPages } from '../hooks/useDashboardPages';
import { DashboardList } from './DashboardList';
import { ItemHead } from './ItemHead';
import styles from './Dashboard.module.css';

/** "Saved gigs": newest saved first, each with its rate and status, and the Save toggle to unsave. */
export function SavedGigs({ userId }: { userId: string }) {
  const pages = useDashboardPages<SavedGigRow>(dashboardKey('saved', userId), (after, limit) => fetchSavedGigs(userId, after, limit));
  // A gig saved or unsaved anywhere in this remote shows up here without a page reload.
  const saved = useSavedVersion();
  const { reload } = pages;
  const seen = useRef(saved);
  useEffect(() => {
    if (seen.current === saved) return;
    seen.current = saved;
    reload();
  }, [saved, reload]);

  const empty = (
    <p>
      No saved gigs yet. Press Save on a gig to keep it here. <a className={ui.link} href={GRID_HREF}>Browse the latest gigs</a>
    </p>
  );
  return (
    <section aria-labelledby="saved-gigs-title" className={styles.part}>
      <h2 id="saved-gigs-title">Saved gigs</h2>
      <DashboardList pages={pages} what="your saved gigs" noun={['saved gig', 'saved gigs']} empty={empty}>
        {(rows) =>
          rows.flatMap(({ gigs: gig }) =>
            gig
              ? [
                  <li key={gig.id} className={styles.item}>
                    <ItemHead title={gig.title} href={gigHref(gig.id)} gigPage badge={gig.status === 'active' ? null : (GIG_STATUS_LABELS[gig.status] ?? gig.status)} />
                    <p className={styles.meta}>
                      {formatMoney(Number(gig.rate))}
                      {gig.payment_type === 'hourly' ? '/hr' : ''}
                    </p>
                    <div className={styles.row}>
                      <SaveButton gigId={gig.id} title={gig.title} />
                    </div>
                  </li>,
                ]
              : [],
          )
        }
      </DashboardList>
    </section>
  );
}

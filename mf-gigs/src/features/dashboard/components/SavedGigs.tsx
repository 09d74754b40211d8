import { useStore } from 'zustand';
import { ui } from '@need40/ui';
import { GIG_STATUS_LABELS } from '../../../lib/applications';
import { formatMoney } from '../../../lib/money';
import { gigHref, GRID_HREF, markOpenedInPage } from '../../../lib/navigation';
import { SaveButton } from '../../../lib/saved/SaveButton';
import { savedStore } from '../../../lib/saved/savedStore';
import { fetchSavedGigs } from '../api/dashboard';
import { useLoad } from '../hooks/useLoad';
import { Loadable } from './Loadable';
import styles from './Dashboard.module.css';

/** "Saved gigs": newest saved first, each with its rate and status, and the Save toggle to unsave. */
export function SavedGigs({ userId }: { userId: string }) {
  // A gig saved or unsaved anywhere in this remote shows up here without a page reload.
  const savedCount = useStore(savedStore, (s) => s.ids.size);
  const { state, retry } = useLoad(`saved:${userId}:${savedCount}`, fetchSavedGigs);

  const empty = (
    <p>
      No saved gigs yet. Press Save on a gig to keep it here. <a className={ui.link} href={GRID_HREF}>Browse the latest gigs</a>
    </p>
  );
  return (
    <section aria-labelledby="saved-gigs-title" className={styles.part}>
      <h2 id="saved-gigs-title">Saved gigs</h2>
      <Loadable state={state} what="your saved gigs" retry={retry} empty={empty}>
        {(rows) => (
          <ul className={styles.list}>
            {rows.flatMap(({ gigs: gig }) =>
              gig
                ? [
                    <li key={gig.id} className={styles.item}>
                      <div className={styles.row}>
                        <a href={gigHref(gig.id)} onClick={markOpenedInPage} className={styles.itemTitle}>
                          {gig.title}
                        </a>
                        {gig.status !== 'active' && <span className={styles.badge}>{GIG_STATUS_LABELS[gig.status] ?? gig.status}</span>}
                      </div>
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
            )}
          </ul>
        )}
      </Loadable>
    </section>
  );
}

import { useState } from 'react';
import { ui } from '@need40/ui';
import { GIG_STATUS_LABELS } from '../../../lib/applications';
import { formatDay } from '../../../lib/dates';
import { UnreadSlot } from '../../../lib/messagesSlot';
import { gigHref } from '../../../lib/navigation';
import { fetchMyGigs, type MyGigRow } from '../api/dashboard';
import { dashboardKey, useDashboardPages } from '../hooks/useDashboardPages';
import { DashboardList } from './DashboardList';
import { HIDDEN_BADGE, HiddenNotice } from '../../../lib/HiddenNotice';
import { GigApplicants } from './GigApplicants';
import { ItemHead } from './ItemHead';
import styles from './Dashboard.module.css';

/**
 * "My gigs": the poster's gigs with status and applicant count; each opens its applicants. A gig
 * the team hid says so, with the team's reason (the poster alone reads it).
 */
export function MyGigs({ userId }: { userId: string }) {
  const pages = useDashboardPages<MyGigRow>(dashboardKey('my-gigs', userId), (after, limit) => fetchMyGigs(userId, after, limit));
  const [open, setOpen] = useState<string | null>(null);
  const empty = (
    <p>
      You have not posted a gig yet. <a className={ui.link} href="#post-gig">Post your first gig</a>
    </p>
  );
  return (
    <section aria-labelledby="my-gigs-title" className={styles.part}>
      <h2 id="my-gigs-title">My gigs</h2>
      <DashboardList pages={pages} what="your gigs" noun={['gig', 'gigs']} empty={empty}>
        {(gigs) =>
          gigs.map((gig) => (
            <li key={gig.id} className={styles.item}>
              <ItemHead title={gig.title} href={gigHref(gig.id)} gigPage badge={gig.hidden_cause ? HIDDEN_BADGE : (GIG_STATUS_LABELS[gig.status] ?? gig.status)} />
              {gig.hidden_cause && gig.hidden_reason && <HiddenNotice cause={gig.hidden_cause} reason={gig.hidden_reason} />}
              <p className={styles.meta}>
                {gig.applicant_count} {gig.applicant_count === 1 ? 'applicant' : 'applicants'} · posted {formatDay(gig.created_at)}
                <UnreadSlot gigId={gig.id} />
              </p>
              <button
                type="button"
                className={ui.secondary}
                aria-expanded={open === gig.id}
                aria-controls={`applicants-${gig.id}`}
                onClick={() => setOpen(open === gig.id ? null : gig.id)}
              >
                {open === gig.id ? 'Hide applicants' : 'View applicants'}
                <span className="visually-hidden"> for {gig.title}</span>
              </button>
              {open === gig.id && <GigApplicants id={`applicants-${gig.id}`} gig={gig} onChanged={pages.reload} />}
            </li>
          ))
        }
      </DashboardList>
    </section>
  );
}

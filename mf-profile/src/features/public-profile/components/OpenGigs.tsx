import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { formatHourlyRate, formatMoney } from '../../../lib/format';
import styles from './PublicProfile.module.css';
import type { OpenGig } from '../types';

/** The member's open gigs, each title linking to its gig page (`#gig/<id>`). */
export function OpenGigs({ gigs }: { gigs: OpenGig[] }) {
  return (
    <ViewSection title="Open gigs" level={2}>
      {gigs.length ? (
        <ul className={styles.gigs}>
          {gigs.map((gig) => (
            <li key={gig.id} className={styles.gig}>
              <a className={ui.link} href={`#gig/${encodeURIComponent(gig.id)}`}>
                {gig.title}
              </a>
              <span className={styles.rate}>{gig.paymentType === 'hourly' ? formatHourlyRate(gig.rate) : `${formatMoney(gig.rate)} fixed`}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>No open gigs right now.</p>
      )}
    </ViewSection>
  );
}

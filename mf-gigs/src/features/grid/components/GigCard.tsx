import { ui } from '@need40/ui';
import { LOCATION_LABELS, PAYMENT_TYPE_LABELS } from '../../../lib/labels';
import { formatRate, formatShortDate } from '../lib/format';
import type { Gig } from '../types';
import styles from './GigCard.module.css';
import { PosterBadge } from './PosterBadge';

/**
 * One gig (docs/product.md, what things hold): title, description, payment type, rate ("$rate/hr" or "$rate"), hours,
 * skills, location, posted date ("Apr 8, 2024") and the poster. Apply Now and Save are present but
 * do nothing yet, as the spec says; they are disabled and say so rather than pretend to work.
 */
export function GigCard({ gig }: { gig: Gig }) {
  const posted = formatShortDate(gig.postedDate);
  return (
    <article className={styles.card} aria-labelledby={`gig-${gig.id}-title`}>
      <header className={styles.header}>
        <h3 id={`gig-${gig.id}-title`} className={styles.title}>
          {gig.title}
        </h3>
        <p className={styles.rate}>{formatRate(gig.rate, gig.paymentType)}</p>
      </header>
      <PosterBadge poster={gig.poster} />
      <p className={styles.description}>{gig.description}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Payment</dt>
          <dd>{PAYMENT_TYPE_LABELS[gig.paymentType] ?? gig.paymentType}</dd>
        </div>
        {gig.hours !== null && (
          <div>
            <dt>Hours</dt>
            <dd>{gig.hours} hrs (est.)</dd>
          </div>
        )}
        {gig.location && (
          <div>
            <dt>Location</dt>
            <dd>{LOCATION_LABELS[gig.location] ?? gig.location}</dd>
          </div>
        )}
        {posted && (
          <div>
            <dt>Posted</dt>
            <dd>
              <time dateTime={gig.postedDate}>{posted}</time>
            </dd>
          </div>
        )}
      </dl>
      {gig.skills.length > 0 && (
        <ul className={ui.chips} aria-label="Skills">
          {gig.skills.map((skill) => (
            <li key={skill} className={`${ui.chip} ${styles.skill}`}>
              {skill}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <button type="button" className={ui.primary} disabled title="Applying is not available yet">
          Apply Now
        </button>
        <button type="button" className={ui.secondary} disabled title="Saving gigs is not available yet" aria-label={`Save ${gig.title}`}>
          Save
        </button>
      </div>
    </article>
  );
}

import { formatRate, ui } from '@need40/ui';
import { useSession } from '@need40/shared';
import { wantToApply } from '../../../lib/applyIntent';
import { gigHref, markOpenedInPage } from '../../../lib/navigation';
import { SaveButton } from '../../../lib/saved/SaveButton';
import { GigFacts } from '../../../lib/GigFacts';
import { GIG_STATUS_LABELS } from '../../../lib/applications';
import { formatShortDate } from '../lib/format';
import type { Gig } from '../types';
import styles from './GigCard.module.css';
import { PosterBadge } from './PosterBadge';

/**
 * One gig (docs/product.md, what things hold): title, description, payment type, rate ("$rate/hr" or "$rate"), hours,
 * skills, location, posted date ("Apr 8, 2024") and the poster. The title opens the gig's page;
 * Apply Now opens it with the application form (after login when signed out); Save toggles a mark.
 * A gig filled or closed while shown (`ended`, from Realtime) says so in Apply Now's place, so the
 * card keeps its size; it leaves the grid on the next read.
 */
export function GigCard({ gig, ended }: { gig: Gig; ended?: string }) {
  const posted = formatShortDate(gig.postedDate);
  const own = useSession((s) => s.user?.id === gig.userId);
  const apply = () => {
    wantToApply(gig.id);
    markOpenedInPage();
    window.location.hash = gigHref(gig.id);
  };
  return (
    <article className={styles.card} aria-labelledby={`gig-${gig.id}-title`}>
      <header className={styles.header}>
        <h3 id={`gig-${gig.id}-title`} className={styles.title}>
          <a href={gigHref(gig.id)} className={styles.titleLink} onClick={markOpenedInPage}>
            {gig.title}
          </a>
        </h3>
        <p className={styles.rate}>{formatRate(gig.rate, gig.paymentType)}</p>
      </header>
      <PosterBadge poster={gig.poster} userId={gig.userId} />
      <p className={styles.description}>{gig.description}</p>
      <GigFacts className={styles.facts} paymentType={gig.paymentType} workerCents={gig.workerCents} hours={gig.hours} location={gig.location} postedDate={gig.postedDate} posted={posted} />
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
        {ended ? (
          <button type="button" className={ui.primary} disabled>
            {GIG_STATUS_LABELS[ended] ?? 'Closed'}
          </button>
        ) : own ? (
          <button type="button" className={ui.primary} disabled>
            This is your gig
          </button>
        ) : (
          <button type="button" className={ui.primary} onClick={apply}>
            Apply Now
          </button>
        )}
        <SaveButton gigId={gig.id} title={gig.title} />
      </div>
    </article>
  );
}

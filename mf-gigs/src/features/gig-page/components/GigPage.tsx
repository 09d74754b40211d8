import { getSupabase, useSession } from '@need40/shared';
import { ReportButton, ui } from '@need40/ui';
import { HiddenNotice } from '../../../lib/HiddenNotice';
import { GigFacts } from '../../../lib/GigFacts';
import { formatDay } from '../../../lib/dates';
import { GIG_STATUS_LABELS } from '../../../lib/applications';
import { goBack, GRID_HREF } from '../../../lib/navigation';
import { SaveButton } from '../../../lib/saved/SaveButton';
import { useGig } from '../hooks/useGig';
import { ApplyPanel } from './ApplyPanel';
import { PaySplit } from './PaySplit';
import { PosterPanel } from './PosterPanel';
import styles from './GigPage.module.css';

export const LOADING_GIG = 'Loading gig...';
export const MISSING_GIG = 'This gig does not exist or was removed.';
export const GIG_LOAD_FAILED = 'This gig could not be loaded. Check your connection and try again.';

/** One gig's page (`#gig/<id>`): loading, missing, failed, or the whole gig with Apply and Save; `openThread` (`#gig/<id>/messages`): the member's thread open. */
export function GigPage({ gigId, openThread = false }: { gigId: string; openThread?: boolean }) {
  const { state, reload, retry } = useGig(gigId);
  const userId = useSession((s) => s.user?.id ?? null);
  const back = (
    <a className={ui.link} href={GRID_HREF} onClick={goBack}>
      ← Back to gigs
    </a>
  );
  if (state.status === 'loading') return <p className={ui.busy} role="status">{LOADING_GIG}</p>;
  if (state.status === 'missing' || state.status === 'error') {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{state.status === 'missing' ? 'Gig not found' : 'Gig unavailable'}</h2>
        <p role="alert">{state.status === 'missing' ? MISSING_GIG : GIG_LOAD_FAILED}</p>
        <div className={styles.actions}>
          {state.status === 'error' && (
            <button type="button" className={ui.primary} onClick={retry}>
              Try again
            </button>
          )}
          {back}
        </div>
      </div>
    );
  }
  const { gig } = state;
  const posted = formatDay(gig.postedDate);
  return (
    <article className={styles.page} aria-labelledby="gig-page-title">
      {back}
      <header className={styles.header}>
        <h2 id="gig-page-title" className={styles.title}>
          {gig.title}
        </h2>
        {gig.status !== 'active' && <span className={styles.badge}>{GIG_STATUS_LABELS[gig.status] ?? gig.status}</span>}
      </header>
      {gig.hidden && <HiddenNotice cause={gig.hidden.cause} reason={gig.hidden.reason} />}
      <PosterPanel gig={gig} />
      <PaySplit gig={gig} />
      <GigFacts className={styles.facts} paymentType={gig.paymentType} hours={gig.hours} location={gig.location} postedDate={gig.postedDate} posted={posted}>
        <div>
          <dt>Applicants</dt>
          <dd data-testid="applicant-count">{gig.applicantCount}</dd>
        </div>
      </GigFacts>
      <section aria-labelledby="gig-description-title">
        <h3 id="gig-description-title" className={styles.subheading}>
          Description
        </h3>
        <p className={ui.prose}>{gig.description}</p>
      </section>
      {gig.skills.length > 0 && (
        <ul className={ui.chips} aria-label="Skills">
          {gig.skills.map((skill) => (
            <li key={skill} className={styles.skill}>
              {skill}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <SaveButton gigId={gig.id} title={gig.title} />
        {userId && userId !== gig.userId && <ReportButton client={getSupabase()} kind="gig" targetId={gig.id} what="this gig" />}
      </div>
      <ApplyPanel gig={gig} onChanged={reload} openThread={openThread} />
    </article>
  );
}

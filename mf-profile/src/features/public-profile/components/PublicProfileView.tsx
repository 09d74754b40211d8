import { avatarSrc } from '@need40/shared';
import { formatRate, ui } from '@need40/ui';
import { ExperienceItem } from '../../../components/ExperienceItem';
import { ViewSection } from '../../../components/ViewSection';
import view from '../../../components/ProfileView.module.css';
import { formatCompleted, formatMonthYear, formatRating } from '../../../lib/format';
import { PortfolioItems } from '../../../lib/portfolio/PortfolioItems';
import type { PublicProfile } from '../types';
import { OpenGigs } from './OpenGigs';
import { PublicContact } from './PublicContact';
import { PublicLinks } from './PublicLinks';
import { Reviews } from './Reviews';
import styles from './PublicProfile.module.css';

/** Another member's profile, read-only: only what they filled in, then reviews and open gigs. */
export function PublicProfileView({ profile }: { profile: PublicProfile }) {
  const since = formatMonthYear(profile.memberSince);
  const photo = avatarSrc(profile.avatarUrl, 56);
  return (
    <article className={view.profile} aria-labelledby="public-profile-name">
      <header className={styles.header}>
        {photo ? (
          <img className={styles.avatar} src={photo} alt={`Photo of ${profile.name}`} width={56} height={56} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {profile.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1 id="public-profile-name" className={view.name}>
            {profile.name}
          </h1>
          {profile.title && <p className={view.title}>{profile.title}</p>}
          <p className={ui.muted}>
            {[
              since && <span key="since">Member since {since}</span>,
              profile.rating && <span key="rating">Rated {formatRating(profile.rating.average, profile.rating.count)}</span>,
              <span key="completed">{formatCompleted(profile.completedGigs)}</span>,
            ]
              .filter(Boolean)
              .flatMap((part, i) => (i ? [' · ', part] : [part]))}
          </p>
          {profile.availableForWork && <p className={styles.available}>Available for work</p>}
        </div>
      </header>
      {profile.hourlyRate !== null && (
        <dl className={view.figures}>
          <div>
            <dt>Hourly rate</dt>
            <dd className={view.money}>{formatRate(profile.hourlyRate, 'hourly')}</dd>
          </div>
        </dl>
      )}
      {profile.bio && (
        <ViewSection title="About" level={2}>
          <p className={view.bio}>{profile.bio}</p>
        </ViewSection>
      )}
      {profile.skills.length > 0 && (
        <ViewSection title="Skills" level={2}>
          <ul className={ui.chips}>
            {profile.skills.map((s) => (
              <li key={s} className={ui.chip}>
                {s}
              </li>
            ))}
          </ul>
        </ViewSection>
      )}
      {profile.experience.length > 0 && (
        <ViewSection title="Experience" level={2}>
          <ul className={view.list}>
            {profile.experience.map((e, i) => (
              <li key={`${i}-${e.title}`}>
                <ExperienceItem entry={e} />
              </li>
            ))}
          </ul>
        </ViewSection>
      )}
      <PublicLinks profile={profile} />
      <PortfolioItems key={profile.id} userId={profile.id} editable={false} level={2} />
      <PublicContact contact={profile.contact} />
      <OpenGigs profileId={profile.id} gigs={profile.openGigs} more={profile.moreOpenGigs} />
      <Reviews id={profile.id} rating={profile.rating} reviews={profile.reviews} moreReviews={profile.moreReviews} />
    </article>
  );
}

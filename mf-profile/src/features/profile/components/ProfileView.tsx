import type { ReactNode } from 'react';
import { type Profile } from '../types';
import { formatRate, ui } from '@need40/ui';
import { ContactInfo } from './ContactInfo';
import { ExperienceItem } from '../../../components/ExperienceItem';
import { SafeLink } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import styles from '../../../components/ProfileView.module.css';

interface ProfileViewProps {
  profile: Profile;
  /** Shows Edit Profile; only for the person's own profile. */
  onEdit?: (() => void) | undefined;
  /** The address of this member's public profile, linked as "View public profile" (own profile only). */
  publicHref?: string | undefined;
  /** The photo shown above the name (app/Profile.tsx composes it). */
  photo?: ReactNode;
}

const NOT_SET = 'Not added yet';

/** View mode: everything the profile holds, read-only. */
export function ProfileView({ profile, onEdit, publicHref, photo }: ProfileViewProps) {
  const { availability } = profile;
  return (
    <article className={styles.profile} aria-labelledby="profile-name">
      <header className={styles.header}>
        {photo}
        <div>
          <h2 id="profile-name" className={styles.name}>
            {profile.fullName || profile.username || 'Your name'}
          </h2>
          <p className={styles.title}>{profile.title || 'No title yet'}</p>
        </div>
        <div className={styles.actions}>
          {publicHref && (
            <a className={ui.link} href={publicHref}>
              View public profile
            </a>
          )}
          {onEdit && (
            <button type="button" className={ui.primary} onClick={onEdit}>
              Edit Profile
            </button>
          )}
        </div>
      </header>
      <dl className={styles.figures}>
        <div>
          <dt>Hourly rate</dt>
          <dd className={styles.money}>{profile.hourlyRate === null ? NOT_SET : formatRate(profile.hourlyRate, 'hourly')}</dd>
        </div>
        <div>
          <dt>Hours per week</dt>
          <dd>{availability.hoursPerWeek === null ? NOT_SET : availability.hoursPerWeek}</dd>
        </div>
      </dl>
      <ViewSection title="About Me">{profile.bio ? <p className={styles.bio}>{profile.bio}</p> : <p className={ui.muted}>{NOT_SET}</p>}</ViewSection>
      <ViewSection title="Skills">
        {profile.skills.length ? (
          <ul className={ui.chips}>
            {profile.skills.map((s) => <li key={s} className={ui.chip}>{s}</li>)}
          </ul>
        ) : (
          <p className={ui.muted}>{NOT_SET}</p>
        )}
      </ViewSection>
      <ViewSection title="Experience">
        {profile.experience.length ? (
          <ul className={ui.stack}>
            {profile.experience.map((e, i) => <li key={`${i}-${e.title}`}><ExperienceItem entry={e} /></li>)}
          </ul>
        ) : (
          <p className={ui.muted}>{NOT_SET}</p>
        )}
      </ViewSection>
      <ViewSection title="Availability">
        <dl className={styles.pairs}>
          <dt>Available for work</dt>
          <dd>{profile.availableForWork ? 'Yes — listed in Find workers' : 'No'}</dd>
          <dt>Preferred hours</dt>
          <dd>{availability.preferredHours.length ? availability.preferredHours.join(', ') : NOT_SET}</dd>
          <dt>Timezone</dt>
          <dd>{availability.timezone || NOT_SET}</dd>
        </dl>
      </ViewSection>
      <ViewSection title="Portfolio">
        {profile.portfolio.length ? (
          <ul className={ui.stack}>
            {profile.portfolio.map((link) => <li key={link}><SafeLink href={link} /></li>)}
          </ul>
        ) : (
          <p className={ui.muted}>{NOT_SET}</p>
        )}
      </ViewSection>
      <ContactInfo contact={profile.contactInfo} />
    </article>
  );
}

import { EmailNotifications } from '../features/notifications/components/EmailNotifications';
import { ProfilePhoto } from '../features/photo/components/ProfilePhoto';
import { MoneyLink } from '../features/money/components/MoneyLink';
import { PayoutDetails } from '../features/payout/components/PayoutDetails';
import { SecuritySettings } from '../features/security/components/SecuritySettings';
import { ProfilePage } from '../features/profile/components/ProfilePage';
import { MemberRecord } from '../features/public-profile/components/MemberRecord';
import { PortfolioItems } from '../lib/portfolio/PortfolioItems';
import styles from './Profile.module.css';

export interface ProfileProps {
  /** Whose profile to show; the shell passes the signed-in user's id. */
  userId: string;
  /** Show Edit Profile (the person's own profile). Row-level security enforces it again on save. */
  editable: boolean;
}

/**
 * mf-profile's exposed component: My Profile, view and edit, with the profile photo and the
 * portfolio items, the track record (gigs completed, reviews naming their gigs); on the member's own profile also changing the photo, adding items, the link to
 * their public profile, their email-notification setting, their payout details (private), the
 * link to their earnings and spending and their sign-in and security settings (loaded when opened).
 * @example <Profile userId={user.id} editable />
 */
export default function Profile({ userId, editable }: ProfileProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{editable ? 'My Profile' : 'Profile'}</h1>
      {/* A new user id starts fresh: no half-finished edit of someone else's profile. */}
      <ProfilePage
        key={userId}
        userId={userId}
        editable={editable}
        photo={(profile, replace) => (
          <ProfilePhoto
            userId={userId}
            name={profile.fullName || profile.username || 'You'}
            avatarUrl={profile.avatarUrl}
            editable={editable}
            onChanged={(avatarUrl) => replace({ ...profile, avatarUrl })}
          />
        )}
        extras={
          <>
            <PortfolioItems key={userId} userId={userId} editable={editable} />
            <MemberRecord key={`record:${userId}`} profileId={userId} />
            {editable && <EmailNotifications userId={userId} />}
            {editable && <PayoutDetails userId={userId} />}
            {editable && <MoneyLink />}
            {editable && <SecuritySettings />}
          </>
        }
      />
    </div>
  );
}

import { InviteToApply } from '../features/invite/components/InviteToApply';
import { PublicProfilePage } from '../features/public-profile/components/PublicProfilePage';
import styles from './Profile.module.css';

export interface PublicProfileProps {
  /** The member whose public profile to show (the id in `#profile/<id>`). */
  profileId: string;
}

/**
 * mf-profile's exposed `./PublicProfile`: another member's profile, read-only, as the shell shows
 * it at `#profile/<id>`; a signed-in member can invite them to apply to one of their open gigs.
 * @example <PublicProfile profileId={id} />
 */
export default function PublicProfile({ profileId }: PublicProfileProps) {
  return (
    <div className={styles.page}>
      {/* A new id starts fresh: no flash of the previous member. */}
      <PublicProfilePage
        key={profileId}
        profileId={profileId}
        actions={(profile, viewerId) => <InviteToApply viewerId={viewerId} workerId={profile.id} workerName={profile.name} />}
      />
    </div>
  );
}

import { Avatar } from '../../../lib/Avatar';
import { profileHref } from '../../../lib/navigation';
import { RatingBadge } from '../../../lib/rating';
import { type Gig } from '../types';
import styles from './GigCard.module.css';

/**
 * The poster's avatar (or initial) and display name — the full name given at sign-up, never the
 * generated username (a handle like `uxtester_cb1a` tells a reader nothing) — linking to their
 * public profile — and their average rating once they have one.
 */
export function PosterBadge({ poster, userId }: { poster: Gig['poster']; userId: string }) {
  const name = poster?.name?.trim() || 'A Need40 member';
  return (
    <p className={styles.poster}>
      <Avatar className={styles.avatar} url={poster?.avatarUrl} name={name} px={32} />
      <span className={styles.posterName}>
        Posted by{' '}
        <a className={styles.username} href={profileHref(userId)}>
          {name}
        </a>
        <RatingBadge rating={poster?.rating} className={styles.rating} />
      </span>
    </p>
  );
}

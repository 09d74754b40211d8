import { safeUrl } from '@need40/ui';
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
  const avatar = safeUrl(poster?.avatarUrl);
  return (
    <p className={styles.poster}>
      {avatar ? (
        <img className={styles.avatar} src={avatar} alt="" width={32} height={32} loading="lazy" />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
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

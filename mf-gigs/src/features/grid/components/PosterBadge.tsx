import { memberName } from '@need40/ui';
import { Avatar } from '../../../lib/Avatar';
import { profileHref } from '../../../lib/navigation';
import { RatingBadge } from '../../../lib/rating';
import { type Gig } from '../types';
import styles from './GigCard.module.css';

/**
 * The poster's avatar (or initial) and name (@need40/ui's memberName, the one rule) linking to
 * their public profile, and their average rating once they have one.
 */
export function PosterBadge({ poster, userId }: { poster: Gig['poster']; userId: string }) {
  const name = memberName({ full_name: poster?.name });
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

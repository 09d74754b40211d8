import { safeUrl } from '@need40/ui';
import { formatMonth } from '../../../lib/dates';
import { profileHref } from '../../../lib/navigation';
import type { GigDetail } from '../types';
import styles from './GigPage.module.css';

/** Who posted the gig: avatar or initial, display name (to their public profile), member since. */
export function PosterPanel({ gig }: { gig: GigDetail }) {
  const { displayName, avatarUrl, memberSince } = gig.poster;
  const avatar = safeUrl(avatarUrl);
  const since = formatMonth(memberSince);
  return (
    <div className={styles.poster}>
      {avatar ? (
        <img className={styles.avatar} src={avatar} alt="" width={48} height={48} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {displayName.charAt(0).toUpperCase()}
        </span>
      )}
      <div>
        <p className={styles.posterLine}>
          Posted by <a href={profileHref(gig.userId)}>{displayName}</a>
        </p>
        {since && <p className={styles.muted}>Member since {since}</p>}
      </div>
    </div>
  );
}

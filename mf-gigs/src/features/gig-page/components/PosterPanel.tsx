import { ui } from '@need40/ui';
import { Avatar } from '../../../lib/Avatar';
import { formatMonth } from '../../../lib/dates';
import { profileHref } from '../../../lib/navigation';
import type { GigDetail } from '../types';
import styles from './GigPage.module.css';

/** Who posted the gig: avatar or initial, display name (to their public profile), member since. */
export function PosterPanel({ gig }: { gig: GigDetail }) {
  const { displayName, avatarUrl, memberSince } = gig.poster;
  const since = formatMonth(memberSince);
  return (
    <div className={styles.poster}>
      <Avatar className={styles.avatar} url={avatarUrl} name={displayName} px={48} />
      <div>
        <p className={styles.posterLine}>
          Posted by{' '}
          <a className={ui.link} href={profileHref(gig.userId)}>
            {displayName}
          </a>
        </p>
        {since && <p className={styles.muted}>Member since {since}</p>}
      </div>
    </div>
  );
}

import { HREF } from '@need40/shared';
import { PagedList, ui, usePages } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { formatDay, formatRating } from '../../../lib/format';
import { PROFILE_PAGE } from '../api/queries';
import { fetchMoreReviews } from '../api/morePages';
import styles from './PublicProfile.module.css';
import type { PublicProfile } from '../types';

type Props = Pick<PublicProfile, 'id' | 'rating'> & Partial<Pick<PublicProfile, 'reviews' | 'moreReviews'>> & {
  /** The section's heading level (My Profile's sections are h3 under its h2). */
  level?: 2 | 3;
};

/**
 * The average rating and the reviews, newest first, "Show more" for older ones (stars drawn, the
 * rating said in words), each naming the gig it is about with a link to its page; "No reviews
 * yet." before the first one.
 */
export function Reviews({ id, rating, reviews, moreReviews, level = 2 }: Props) {
  // Without a first page read beside the profile, the list reads it itself.
  const { state, showMore } = usePages(`reviews:${id}`, (after, limit) => fetchMoreReviews(id, after, limit), {
    size: PROFILE_PAGE,
    ...(reviews ? { initial: { rows: reviews, hasMore: moreReviews ?? false, total: rating?.count ?? null } } : {}),
  });
  return (
    <ViewSection title="Reviews" level={level}>
      {rating && <p className={styles.rating}>{formatRating(rating.average, rating.count)}</p>}
      {state.status === 'ready' && state.rows.length ? (
        <PagedList state={state} showMore={showMore} noun={['review', 'reviews']} className={ui.stack}>
          {(rows) => rows.map((r) => (
            <li key={r.id} className={styles.review}>
              <p className={styles.reviewHead}>
                <span aria-hidden="true" className={styles.stars}>
                  {'★'.repeat(r.rating)}
                  {'☆'.repeat(Math.max(0, 5 - r.rating))}
                </span>{' '}
                <span>{r.rating} out of 5</span> · <span>{r.reviewerName}</span>
                {formatDay(r.createdAt) && <span className={ui.muted}> · {formatDay(r.createdAt)}</span>}
              </p>
              {r.gig && (
                <p className={styles.reviewGig}>
                  For{' '}
                  <a className={ui.link} href={HREF.gig(r.gig.id)}>
                    {r.gig.title}
                  </a>
                </p>
              )}
              {r.body && <p className={styles.reviewBody}>{r.body}</p>}
            </li>
          ))}
        </PagedList>
      ) : (
        <p className={ui.muted}>No reviews yet.</p>
      )}
    </ViewSection>
  );
}

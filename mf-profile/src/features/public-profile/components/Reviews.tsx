import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { formatDay, formatRating } from '../../../lib/format';
import styles from './PublicProfile.module.css';
import type { PublicProfile } from '../types';

/** The average rating and the most recent reviews (stars drawn, the rating said in words); "No reviews yet." before the first one. */
export function Reviews({ rating, reviews }: Pick<PublicProfile, 'rating' | 'reviews'>) {
  return (
    <ViewSection title="Reviews" level={2}>
      {rating && <p className={styles.rating}>{formatRating(rating.average, rating.count)}</p>}
      {reviews.length ? (
        <ul className={styles.reviews}>
          {reviews.map((r, i) => (
            <li key={`${r.createdAt}-${i}`} className={styles.review}>
              <p className={styles.reviewHead}>
                <span aria-hidden="true" className={styles.stars}>
                  {'★'.repeat(r.rating)}
                  {'☆'.repeat(Math.max(0, 5 - r.rating))}
                </span>{' '}
                <span>{r.rating} out of 5</span> · <span>{r.reviewerName}</span>
                {formatDay(r.createdAt) && <span className={ui.muted}> · {formatDay(r.createdAt)}</span>}
              </p>
              {r.body && <p className={styles.reviewBody}>{r.body}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>No reviews yet.</p>
      )}
    </ViewSection>
  );
}

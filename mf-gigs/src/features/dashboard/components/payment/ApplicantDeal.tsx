import { DealSlot } from '../../../../lib/dealSlot';
import { ratingFromRow, RatingBadge } from '../../../../lib/rating';
import type { ApplicantRow } from '../../api/dashboard';
import styles from '../Dashboard.module.css';

/** What the poster weighs and settles for one applicant: the worker's average rating, then the deal. */
export function ApplicantDeal({ row, status, onStatus }: { row: ApplicantRow; status: string; onStatus: (status: string) => void }) {
  const rating = ratingFromRow(row.worker?.member_ratings);
  return (
    <>
      {rating && (
        <p className={styles.meta}>
          <RatingBadge rating={rating} />
        </p>
      )}
      <DealSlot applicationId={row.id} status={status} side="poster" onChanged={onStatus} />
    </>
  );
}

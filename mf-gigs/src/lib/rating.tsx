import type { Tables } from '@need40/shared';

/**
 * A member's average rating as the cards and the applicant list show it: "★ 4.5 · 2 reviews",
 * or nothing before the first review. The star is decoration; a screen reader hears the words.
 */
export interface Rating {
  average: number;
  count: number;
}

type RatingRow = Pick<Tables<'member_ratings'>, 'average_rating' | 'review_count'>;

/** The `member_ratings` embed (an array of at most one row, or the row) → a rating, or null when none. */
export function ratingFromRow(rows: RatingRow[] | RatingRow | null | undefined): Rating | null {
  const row = Array.isArray(rows) ? rows[0] : rows;
  const count = Number(row?.review_count ?? 0);
  if (!row || row.average_rating === null || !(count > 0)) return null;
  return { average: Number(row.average_rating), count };
}

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
const reviews = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

export function RatingBadge({ rating, className }: { rating: Rating | null | undefined; className?: string }) {
  if (!rating) return null;
  const average = oneDecimal(rating.average);
  return (
    <span className={className} data-testid="rating">
      <span aria-hidden="true">
        ★ {average} · {reviews(rating.count)}
      </span>
      <span className="visually-hidden">
        Rated {average} out of 5 from {reviews(rating.count)}
      </span>
    </span>
  );
}

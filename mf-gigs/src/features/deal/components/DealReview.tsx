import { useState, type FormEvent } from 'react';
import { TextField, ui } from '@need40/ui';
import { leaveReview, REVIEW_MAX } from '../api/steps';
import { Failure } from './Failure';
import { StarRating, starsText } from './StarRating';
import type { Deal, DealReview as Review, Side } from '../types';
import { useStep } from '../hooks/useStep';
import styles from './Deal.module.css';

export const RATING_REQUIRED = 'Choose a rating from 1 to 5 stars';
export const REVIEW_TOO_LONG = `The review must be at most ${REVIEW_MAX} characters`;

function Stars({ rating }: { rating: number }) {
  return (
    <>
      <span aria-hidden="true" className={styles.starText}>
        {starsText(rating)}
      </span>{' '}
      {rating} out of 5
    </>
  );
}

function Left({ who, review }: { who: string; review: Review }) {
  return (
    <div className={styles.review}>
      <p>
        {who}: <Stars rating={review.rating} />
      </p>
      {review.body && <blockquote className={styles.note}>{review.body}</blockquote>}
    </div>
  );
}

/** Once the money is released: one review of the other side (1–5 and a short text), then what was said. */
export function DealReview({ deal, side, onDone }: { deal: Deal; side: Side; onDone: () => void }) {
  const me = side === 'poster' ? deal.posterId : deal.workerId;
  const other = side === 'poster' ? deal.workerName : deal.posterName;
  const mine = deal.reviews.find((r) => r.reviewerId === me);
  const theirs = deal.reviews.find((r) => r.reviewerId !== me);
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; body?: string }>({});
  const step = useStep(onDone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { rating: rating === null ? RATING_REQUIRED : undefined, body: body.length > REVIEW_MAX ? REVIEW_TOO_LONG : undefined };
    setErrors(next);
    if (rating !== null && !next.body) void step.run(() => leaveReview(deal.id, rating, body.trim()), 'Your review could not be posted. Check your connection and try again.');
  };

  return (
    <div className={styles.step}>
      {theirs && <Left who={`${other} reviewed you`} review={theirs} />}
      {mine ? (
        <Left who={`You reviewed ${other}`} review={mine} />
      ) : (
        <form className={styles.form} noValidate onSubmit={submit} aria-label={`Review ${other}`}>
          <StarRating legend={`Your rating of ${other}`} value={rating} onChange={setRating} error={errors.rating} />
          <TextField label="Your review" multiline rows={3} value={body} onChange={setBody} error={errors.body} hint={`${body.length} / ${REVIEW_MAX} characters`} />
          <button type="submit" className={ui.primary} aria-disabled={step.busy}>
            {step.busy ? 'Posting...' : 'Post review'}
          </button>
          <Failure text={step.failure} pending={step.pending} />
        </form>
      )}
    </div>
  );
}

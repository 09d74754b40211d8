import { useId } from 'react';
import styles from './Deal.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

/** "★★★★☆" for 4: shown, never read out (the number is said in words next to it). */
export const starsText = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

interface Props {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | null;
}

/**
 * 1–5 stars as a radio group: arrow keys move between the stars, each is named "N stars" for a
 * screen reader, and the chosen one and those before it are filled.
 */
export function StarRating({ legend, value, onChange, error }: Props) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={styles.stars} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.starRow}>
        {STARS.map((n) => (
          <label key={n} className={styles.star} data-filled={value !== null && n <= value}>
            <input type="radio" className={styles.starInput} name={name} value={n} checked={value === n} onChange={() => onChange(n)} aria-invalid={Boolean(error)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

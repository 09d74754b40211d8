/**
 * The facts of a gig as a description list — payment type, what the worker keeps of the rate (when
 * `workerCents` is given), estimated hours, location, posted date — shared by the grid's card and the gig
 * page (each adds its own rows as children and its own class).
 */
import type { ReactNode } from 'react';
import { formatCents } from '@need40/ui';
import { LOCATION_LABELS, PAYMENT_TYPE_LABELS } from './labels';

export interface GigFactsProps {
  className?: string;
  paymentType: string;
  /** What the worker keeps of the rate, as the database computes it (cents): adds "Worker keeps $570" (or "$42.75/hr"). */
  workerCents?: number | null;
  hours: number | null;
  location: string | null;
  postedDate: string;
  /** The posted date as the caller formats it (empty: the row is left out). */
  posted: string;
  children?: ReactNode;
}

export function GigFacts({ className, paymentType, workerCents, hours, location, postedDate, posted, children }: GigFactsProps) {
  return (
    <dl className={className}>
      <div>
        <dt>Payment</dt>
        <dd>{PAYMENT_TYPE_LABELS[paymentType as keyof typeof PAYMENT_TYPE_LABELS] ?? paymentType}</dd>
      </div>
      {workerCents !== undefined && workerCents !== null && (
        <div>
          <dt>Worker keeps</dt>
          <dd>
            {formatCents(workerCents)}
            {paymentType === 'hourly' ? '/hr' : ''}
          </dd>
        </div>
      )}
      {hours !== null && (
        <div>
          <dt>Hours</dt>
          <dd>{hours} hrs (est.)</dd>
        </div>
      )}
      {location && (
        <div>
          <dt>Location</dt>
          <dd>{LOCATION_LABELS[location as keyof typeof LOCATION_LABELS] ?? location}</dd>
        </div>
      )}
      {posted && (
        <div>
          <dt>Posted</dt>
          <dd>
            <time dateTime={postedDate}>{posted}</time>
          </dd>
        </div>
      )}
      {children}
    </dl>
  );
}

import type { Deal, Side } from './types';
import styles from './Deal.module.css';

/** A payment the worker reported missing, with their note: both sides see it. */
export function MissingNote({ deal, side }: { deal: Deal; side: Side }) {
  const note = deal.payment?.missingNote;
  return (
    <div className={styles.missing}>
      <p>
        {side === 'worker'
          ? `You reported the payment missing. ${deal.posterName} can pay again.`
          : `${deal.workerName} reported the payment missing. Check with them, then pay again.`}
      </p>
      {note && <blockquote className={styles.note}>{note}</blockquote>}
    </div>
  );
}

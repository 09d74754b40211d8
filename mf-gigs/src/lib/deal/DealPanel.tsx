import { useEffect } from 'react';
import { LoadFailed, Loading } from '@need40/ui';
import { DealReview } from './DealReview';
import { DealTerms } from './DealTerms';
import { PosterPayment } from './PosterPayment';
import type { Side } from './types';
import { useDeal } from './useDeal';
import { WorkerPayment } from './WorkerPayment';
import styles from './Deal.module.css';

interface Props {
  applicationId: string;
  /** The application's status as the caller shows it: the panel is there once it is accepted. */
  status: string;
  side: Side;
  /** The application moved (the worker confirmed: "paid"), so the caller can refresh its badge. */
  onChanged?: (status: string) => void;
}

/**
 * Getting paid and reviewing, for one accepted application: the agreed amount and its split, the
 * payment steps of this side, then the reviews. Both parties see the same deal from their side.
 */
export function DealPanel(props: Props) {
  return props.status === 'accepted' || props.status === 'paid' ? <DealBody {...props} /> : null;
}

function DealBody({ applicationId, status, side, onChanged }: Props) {
  const { state, reload, retry } = useDeal(applicationId);
  const loaded = state.status === 'ready' ? state.deal.status : null;
  useEffect(() => {
    if (loaded && loaded !== status) onChanged?.(loaded);
  }, [loaded, status, onChanged]);

  if (state.status === 'loading') return <Loading what="the payment" />;
  if (state.status === 'error') return <LoadFailed what="the payment" retry={retry} />;
  const { deal } = state;
  const paid = deal.status === 'paid';
  return (
    <div className={styles.deal} role="group" aria-label={`Payment for ${deal.gigTitle}`}>
      <DealTerms deal={deal} side={side} />
      {!paid && side === 'poster' && <PosterPayment deal={deal} onDone={reload} />}
      {!paid && side === 'worker' && <WorkerPayment deal={deal} onDone={reload} />}
      {paid && (
        <p className={styles.paid}>
          {side === 'worker' ? 'You confirmed receiving the payment.' : `Paid: ${deal.workerName} confirmed receiving the payment.`}
        </p>
      )}
      {paid && <DealReview deal={deal} side={side} onDone={reload} />}
    </div>
  );
}

import { useEffect } from 'react';
import { LoadFailed, Loading } from '@need40/ui';
import { DEAL_STATUSES } from '../../../lib/dealSlot';
import { useDeal } from '../hooks/useDeal';
import { whereMoney } from '../lib/whereMoney';
import type { Side } from '../types';
import { DealActions } from './DealActions';
import { DealHistory } from './DealHistory';
import { PAYOUT_AHEAD, PayoutSetup } from './PayoutSetup';
import { DealReview } from './DealReview';
import { DealTerms } from './DealTerms';
import styles from './Deal.module.css';

const WITH_DEAL = new Set(DEAL_STATUSES);
const REVIEWABLE = new Set(['released', 'paid_out', 'paid']);

interface Props {
  applicationId: string;
  /** The application's status as the caller shows it: the panel is there once it is accepted. */
  status: string;
  side: Side;
  /** The deal's status as read (when it differs from `status`), so the caller's badge says the same. */
  onChanged?: (status: string) => void;
}

/**
 * One deal, as its two parties see it from their side: the frozen terms, where the money is now
 * (and who holds it), what this side can do, the history with receipts, then the reviews.
 */
export function DealPanel(props: Props) {
  return WITH_DEAL.has(props.status) ? <DealBody {...props} /> : null;
}

function DealBody({ applicationId, status, side, onChanged }: Props) {
  const { state, reload, retry } = useDeal(applicationId, status);
  const loaded = state.status === 'ready' ? state.deal.status : null;
  // The caller's badge follows what the panel read, so the two never disagree for long.
  useEffect(() => {
    if (loaded && loaded !== status) onChanged?.(loaded);
  }, [loaded, status, onChanged]);

  if (state.status === 'loading') return <Loading what="the payment" />;
  if (state.status === 'error') return <LoadFailed what="the payment" retry={retry} />;
  const { deal } = state;
  return (
    <div className={styles.deal} role="group" aria-label={`Payment for ${deal.gigTitle}`}>
      <DealTerms deal={deal} />
      <p className={styles.where} data-deal-status={deal.status}>
        {whereMoney(deal, side)}
      </p>
      <DealActions deal={deal} side={side} onDone={reload} />
      {side === 'worker' && deal.provider === 'stripe' && PAYOUT_AHEAD.has(deal.status) && <PayoutSetup deal={deal} />}
      <DealHistory deal={deal} side={side} />
      {REVIEWABLE.has(deal.status) && <DealReview deal={deal} side={side} onDone={reload} />}
    </div>
  );
}

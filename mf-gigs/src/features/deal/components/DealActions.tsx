import { formatCents, ui } from '@need40/ui';
import { approveWork, cancelDeal, confirmPayout, deliverWork, openDispute, requestChanges } from '../api/steps';
import { useStep } from '../hooks/useStep';
import type { Deal, Side } from '../types';
import { DealChange } from './DealChange';
import { Failure } from './Failure';
import { FundDeal } from './FundDeal';
import { StepForm } from './StepForm';
import styles from './Deal.module.css';

const AGAIN = 'Check your connection and try again.';

function Dispute({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  return (
    <StepForm open="Open a dispute" submit="Open the dispute" label="What went wrong?" hint="A Need40 operator reads it, with the deal's history, and decides."
      run={(note) => openDispute(deal.id, note)} fallback={`The dispute could not be opened. ${AGAIN}`} onDone={onDone} />
  );
}

function Cancel({ deal, refund, onDone }: { deal: Deal; refund: boolean; onDone: () => void }) {
  return (
    <StepForm open={refund ? 'Cancel the deal (full refund)' : 'Cancel the deal'} submit="Cancel the deal" label="Why? (optional)" required={false}
      run={(note) => cancelDeal(deal.id, note)} fallback={`The deal could not be cancelled. ${AGAIN}`} onDone={onDone} />
  );
}

/** What this side can do now, by the deal's status: pay, deliver, approve, ask for changes, dispute, cancel, confirm. */
export function DealActions({ deal, side, onDone }: { deal: Deal; side: Side; onDone: () => void }) {
  const step = useStep(onDone);
  const delivered = deal.deliveredAt !== null;
  const worker = formatCents(deal.workerCents ?? 0);
  const parts = (() => {
    switch (`${deal.status}/${side}`) {
      case 'accepted/poster':
        return (
          <>
            {deal.amountCents !== null && !deal.prepaid && <FundDeal deal={deal} onDone={onDone} />}
            {!deal.prepaid && <DealChange deal={deal} side={side} onDone={onDone} />}
            <Cancel deal={deal} refund={false} onDone={onDone} />
          </>
        );
      case 'accepted/worker':
        return (
          <>
            {!deal.prepaid && <DealChange deal={deal} side={side} onDone={onDone} />}
            <Cancel deal={deal} refund={false} onDone={onDone} />
          </>
        );
      case 'funded/worker':
        return (
          <>
            <StepForm open="Deliver the work" submit="Mark as delivered" label="What did you deliver?" withLink withFile
              run={(note, link, file) => deliverWork(deal.id, deal.workerId, note, link, file)} fallback={`Your delivery could not be sent. ${AGAIN}`} onDone={onDone} />
            {delivered ? <Dispute deal={deal} onDone={onDone} /> : <Cancel deal={deal} refund onDone={onDone} />}
          </>
        );
      case 'funded/poster':
        return delivered ? <Dispute deal={deal} onDone={onDone} /> : <Cancel deal={deal} refund onDone={onDone} />;
      case 'delivered/poster':
        return (
          <>
            <button type="button" className={ui.primary} aria-disabled={step.busy} onClick={() => void step.run(() => approveWork(deal.id), `The money could not be released. ${AGAIN}`)}>
              {step.busy ? 'Releasing...' : `Approve and release ${worker}`}
            </button>
            <StepForm open="Request changes" submit="Send the request" label="What should change?"
              run={(note) => requestChanges(deal.id, note)} fallback={`Your request could not be sent. ${AGAIN}`} onDone={onDone} />
            <Dispute deal={deal} onDone={onDone} />
          </>
        );
      case 'delivered/worker':
        return <Dispute deal={deal} onDone={onDone} />;
      case 'paid_out/worker':
        return (
          <button type="button" className={ui.primary} aria-disabled={step.busy} onClick={() => void step.run(() => confirmPayout(deal.id), `Your confirmation did not go through. ${AGAIN}`)}>
            {step.busy ? 'Confirming...' : 'Yes, it arrived'}
          </button>
        );
      default:
        return null;
    }
  })();
  if (!parts) return null;
  return (
    <div className={styles.actions}>
      {parts}
      <Failure text={step.failure} pending={step.pending} />
    </div>
  );
}

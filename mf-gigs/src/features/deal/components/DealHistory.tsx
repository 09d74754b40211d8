import { moneyStepName } from '@need40/shared';
import { formatCents, SafeLink, ui } from '@need40/ui';
import { formatDay } from '../../../lib/dates';
import { Attachment } from '../../../lib/attachments/Attachment';
import { receiptHref } from '../../../lib/navigation';
import type { Deal, DealNote, MoneyStep, Side } from '../types';
import styles from './Deal.module.css';

const NOTE_NAMES: Record<DealNote['kind'], string> = { delivery: 'Delivery', changes: 'Changes requested', dispute: 'Dispute', resolution: 'Decision of Need40', cancellation: 'Cancellation' };
const WHO: Record<DealNote['authorRole'], (deal: Deal) => string> = { worker: (d) => d.workerName, poster: (d) => d.posterName, operator: () => 'Need40' };

function Step({ step }: { step: MoneyStep }) {
  const name = moneyStepName(step.kind, step.pending);
  return (
    <li>
      {formatDay(step.createdAt)}: {name}, {formatCents(step.amountCents)}
      {step.reference ? ` (reference ${step.reference})` : ''}
      {!step.pending && (
        <>
          {' '}
          <a className={ui.link} href={receiptHref(String(step.id))}>
            Receipt<span className="visually-hidden"> for {name.toLowerCase()}, {formatCents(step.amountCents)}</span>
          </a>
        </>
      )}
    </li>
  );
}

/** The latest delivery, for the poster to review; then everything said and every money step, with receipts. */
export function DealHistory({ deal, side }: { deal: Deal; side: Side }) {
  const delivery = [...deal.notes].reverse().find((n) => n.kind === 'delivery');
  if (!deal.notes.length && !deal.steps.length) return null;
  return (
    <>
      {side === 'poster' && deal.status === 'delivered' && delivery && (
        <div className={styles.step}>
          <p className={styles.amount}>{deal.workerName} delivered:</p>
          <blockquote className={styles.note}>{delivery.body}</blockquote>
          {delivery.link && <SafeLink href={delivery.link}>{delivery.link}</SafeLink>}
          {delivery.file && <Attachment file={delivery.file} bucket="deliveries" />}
        </div>
      )}
      <details className={styles.history}>
        <summary>History and receipts</summary>
        <ul className={styles.historyList}>
          {deal.notes.map((n, i) => (
            <li key={`n${i}`}>
              {formatDay(n.createdAt)}: {NOTE_NAMES[n.kind]} ({WHO[n.authorRole](deal)}): <q className={styles.quote}>{n.body}</q>
              {n.link && (
                <>
                  {' '}
                  <SafeLink href={n.link}>{n.link}</SafeLink>
                </>
              )}
              {n.file && <Attachment file={n.file} bucket="deliveries" />}
            </li>
          ))}
          {deal.steps.map((s) => (
            <Step key={s.id} step={s} />
          ))}
        </ul>
      </details>
    </>
  );
}

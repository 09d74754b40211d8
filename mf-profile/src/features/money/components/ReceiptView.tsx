import { HREF, moneyStepName } from '@need40/shared';
import { formatCents, ui } from '@need40/ui';
import { formatDay } from '../../../lib/format';
import { fetchReceipt } from '../api/money';
import { useRead } from '../../../lib/useRead';
import { paidThrough, splitOf } from '../lib/lines';
import styles from './Money.module.css';
import { ReadStatus } from './ReadStatus';

/**
 * One receipt (`#receipt/<id>`), for the member who paid or was paid: the step, the gig, the amount
 * and its split, the date, who paid and who was paid, the provider and its reference.
 */
export function ReceiptView({ transactionId }: { transactionId: string }) {
  const id = /^\d{1,18}$/.test(transactionId) ? Number(transactionId) : null;
  const read = useRead(
    () => (id === null ? Promise.reject(new Error('This receipt does not exist, or it is not yours.')) : fetchReceipt(id)),
    transactionId,
    'This receipt could not be loaded.',
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Receipt{id !== null ? ` no. ${id}` : ''}</h1>
      <ReadStatus read={read} what="the receipt" />
      {read.status === 'ready' && (
        <dl className={styles.receipt}>
          <dt>Date</dt>
          <dd>{formatDay(read.value.createdAt)}</dd>
          <dt>Step</dt>
          <dd>{moneyStepName(read.value.kind, read.value.pending)}</dd>
          {read.value.gigTitle && (
            <>
              <dt>Gig</dt>
              <dd>{read.value.gigId ? <a className={ui.link} href={HREF.gig(read.value.gigId)}>{read.value.gigTitle}</a> : read.value.gigTitle}</dd>
            </>
          )}
          <dt>Amount</dt>
          <dd>{formatCents(read.value.amountCents)}</dd>
          {splitOf(read.value).map((s) => (
            <Pair key={s.label} term={s.label} value={formatCents(s.cents)} />
          ))}
          {read.value.payerName && <Pair term="Paid by" value={read.value.payerName} />}
          {read.value.payeeName && <Pair term="Worker" value={read.value.payeeName} />}
          <Pair term="Paid through" value={paidThrough(read.value)} />
          {read.value.reference && <Pair term="Reference" value={read.value.reference} />}
        </dl>
      )}
      <p>
        <a className={ui.link} href="#money">
          All your earnings and spending
        </a>
      </p>
    </div>
  );
}

function Pair({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

import { formatCents } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { fetchBalances } from '../api/money';
import { useRead } from '../../../lib/useRead';
import type { Balances } from '../types';
import styles from './Money.module.css';
import { ReadStatus } from './ReadStatus';
import { Statement } from './Statement';

type Figure = [label: string, cents: number, always?: boolean];

const EARNINGS = (b: Balances): Figure[] => [
  ['Pending: held by Need40 until the work is approved', b.earningsPending, true],
  ['Available: released, on its way to you', b.earningsAvailable, true],
  ['Paid out to you', b.earningsPaidOut, true],
  ['Owed back to Need40 (taken from your next earnings)', b.owedBack],
];
const SPENDING = (b: Balances): Figure[] => [
  ['Pending: paid, not yet confirmed by Need40', b.spendingAnnounced, true],
  ['Held by Need40 for your gigs', b.spendingHeld, true],
  ['Released to workers (with the Need40 fee)', b.spendingReleased, true],
  ['Refund due to you', b.refundDue],
  ['Refunded to you', b.refunded, true],
  ['Your Need40 credit', b.credit],
];

function Figures({ figures }: { figures: Figure[] }) {
  return (
    <dl className={styles.figures}>
      {figures
        .filter(([, cents, always]) => always || cents !== 0)
        .map(([name, cents]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{formatCents(cents)}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * The member's earnings (as a worker) and spending (as a poster): where their money is now, from
 * the ledger (`my_money`), then each side's statement with a CSV export.
 */
export function MoneyPage() {
  const balances = useRead(fetchBalances, 'balances', 'Your money could not be loaded.');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Earnings and spending</h1>
      <ReadStatus read={balances} what="your money" />
      <ViewSection title="Your earnings" level={2}>
        {balances.status === 'ready' && <Figures figures={EARNINGS(balances.value)} />}
        <Statement side="earnings" />
      </ViewSection>
      <ViewSection title="Your spending" level={2}>
        {balances.status === 'ready' && <Figures figures={SPENDING(balances.value)} />}
        <Statement side="spending" />
      </ViewSection>
    </div>
  );
}

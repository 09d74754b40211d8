import { ReceiptView } from '../features/money/components/ReceiptView';

export interface ReceiptProps {
  /** The ledger transaction of the receipt (the id in `#receipt/<id>`). */
  transactionId: string;
}

/**
 * mf-profile's exposed `./Receipt`: the receipt of one money step, for the member who paid or was
 * paid, as the shell shows it at `#receipt/<id>` (linked from the deal panel and the receipt email).
 * @example <Receipt transactionId="42" />
 */
export default function Receipt({ transactionId }: ReceiptProps) {
  return <ReceiptView key={transactionId} transactionId={transactionId} />;
}

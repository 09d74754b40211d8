/** A member's money as the earnings, spending and receipt pages show it (all amounts in cents). */

export type Side = 'earnings' | 'spending';

/** One ledger transaction of a statement, or a receipt. */
export interface MoneyLine {
  id: number;
  createdAt: string;
  kind: string;
  /** A payment announced, not yet confirmed (a hold). */
  pending: boolean;
  applicationId: string | null;
  gigId: string | null;
  gigTitle: string | null;
  amountCents: number;
  /** How each kind of ledger account moved (positive: its balance grew). */
  parts: Record<string, number>;
  provider: string;
  reference: string | null;
  method: string | null;
  payerName: string | null;
  payeeName: string | null;
}

export interface Balances {
  earningsPending: number;
  earningsAvailable: number;
  earningsPaidOut: number;
  owedBack: number;
  spendingAnnounced: number;
  spendingHeld: number;
  spendingReleased: number;
  refundDue: number;
  refunded: number;
  credit: number;
}

/** The outbox's kinds and payloads as the database writes them, and the words of one email. */
export type NotificationKind =
  | 'new_application' | 'application_accepted' | 'application_declined' | 'application_withdrawn' | 'new_message'
  | 'deal_update' | 'payment_receipt' | 'gig_closed' | 'review_posted' | 'gig_invitation' | 'saved_search'
  | 'account_suspended' | 'member_warning' | 'gig_hidden' | 'gig_restored' | 'report_resolved';

/** What the marketplace functions put in an outbox row's payload. */
export interface NotificationPayload {
  application_id?: string;
  gig_id?: string;
  gig_title?: string;
  worker_name?: string;
  sender_name?: string;
  /** new_message: when the latest message of the burst was sent. */
  last_message_at?: string;
  /** new_message: which party of the application the recipient is — added when the row is claimed (outbox.ts), not stored. */
  reader?: 'poster' | 'worker' | null;
  notice?: string | null;
  /** application_declined: the poster's own note, when they wrote one. */
  note?: string | null;
  /** review_posted: who wrote it, about whom, how many stars. */
  reviewer_name?: string;
  reviewee_id?: string;
  rating?: number;
  /** deal_update and payment_receipt (templates deal_update.*, payment_receipt): the step, the other party, figures in cents. */
  step?: string;
  other_name?: string;
  outcome?: string;
  amount_cents?: number;
  worker_cents?: number;
  fee_cents?: number;
  release_due_at?: string | null;
  transaction_id?: number;
  /** How each kind of ledger account moved, in cents ({ payable: 57000, fee_revenue: 3000, … }). */
  parts?: Record<string, number>;
  provider?: string;
  reference?: string | null;
  method?: string | null;
  at?: string;
  /** gig_invitation: who invited the worker. */
  poster_name?: string;
  /** saved_search: the search's name, how many new gigs matched, the newest five (gig_id/gig_title: the newest). */
  search_name?: string;
  count?: number;
  gigs?: { id: string; title: string }[];
}

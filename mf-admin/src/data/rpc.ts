/**
 * Operator actions: each is one SQL function (docs/operators.md) called through the kernel's
 * Supabase client, which checks the operator role and writes the audit row in the database.
 * A refusal becomes an Error carrying the database's own message, shown as is.
 */
import { getSupabase } from '@need40/shared';

export type OperatorFunction =
  | 'admin_hide_gig'
  | 'admin_restore_gig'
  | 'admin_remove_message'
  | 'admin_warn_member'
  | 'admin_ban_member'
  | 'admin_unban_member'
  | 'admin_resolve_report'
  | 'admin_retry_email'
  | 'operator_confirm_funds'
  | 'operator_confirm_payment'
  | 'operator_void_payment'
  | 'operator_void_funds'
  | 'operator_record_payout'
  | 'operator_record_refund'
  | 'operator_resolve_dispute'
  | 'operator_refund_deal';

export async function callOperator(fn: OperatorFunction, args: Record<string, unknown>): Promise<void> {
  // The generated types name each function's arguments; the console builds them from its forms.
  const { error } = await getSupabase().rpc(fn as never, args as never);
  if (error) throw new Error(error.message || 'The action was refused.');
}

/**
 * Checks of the payment paths with the product's messages (docs/product.md, error catalogue).
 * The database functions check the same again; these answer before a round trip.
 */
import { MESSAGES } from '@need40/shared';

export interface PaymentInput {
  amount?: number | null;
  paymentMethod?: string | null;
  status?: string | null;
}

/** amount, paymentMethod and status are all required. */
export function validatePaymentData(input: PaymentInput): string | null {
  if (!input.amount || !input.paymentMethod || !input.status) return MESSAGES.invalidPaymentData;
  return null;
}

/** The $600 gig path needs a user id, a title and a description. */
export function validateGigPayment(input: { userId?: string | null; title?: string | null; description?: string | null }): string | null {
  if (!input.userId) return MESSAGES.userIdRequired;
  if (!input.title?.trim() || !input.description?.trim()) return MESSAGES.gigTitleDescriptionRequired;
  return null;
}

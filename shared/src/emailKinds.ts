/**
 * The kinds of notification email a member can turn off one by one, in the words the profile's
 * email settings and the unsubscribe page use. The database keeps the turned-off kinds in
 * notification_preferences.email_off (its check constraint lists the same names); the app server's
 * deliverer skips them. Account and moderation notices are not here: they always go out.
 * Pure data: the app server imports this file on its own (`@need40/shared/email-kinds`).
 */
export const EMAIL_KINDS = [
  { kind: 'new_application', label: 'A new application to one of my gigs' },
  { kind: 'application_withdrawn', label: 'An applicant withdrew from one of my gigs' },
  { kind: 'application_accepted', label: 'My application was accepted' },
  { kind: 'application_declined', label: 'My application was declined' },
  { kind: 'gig_closed', label: 'A gig I applied to was closed' },
  { kind: 'new_message', label: 'A new message about a gig' },
  { kind: 'deal_update', label: 'A step of a deal I am in (payment, delivery, dispute)' },
  { kind: 'payment_receipt', label: 'Receipts for money I paid or received' },
  { kind: 'review_posted', label: 'Someone reviewed me' },
  { kind: 'gig_invitation', label: 'A poster invited me to apply to their gig' },
  { kind: 'saved_search', label: 'New gigs match one of my saved searches' },
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number]['kind'];

/** The words of a switchable kind, or null for any other text. */
export function emailKindLabel(kind: string): string | null {
  return EMAIL_KINDS.find((k) => k.kind === kind)?.label ?? null;
}

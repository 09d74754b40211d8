/**
 * How a member is named to others, one rule everywhere (cards, the gig page, the dashboard, deals,
 * reviews, emails): the full name given at sign-up, else "A Need40 member". Never the username:
 * it is a generated handle (`uxtester_cb1a`) that tells a reader nothing.
 */
export const UNNAMED_MEMBER = 'A Need40 member';

/** `memberName({ full_name: ' Ada ' })` → "Ada"; a missing profile or a blank name → UNNAMED_MEMBER. */
export function memberName(profile: { full_name?: string | null } | null | undefined): string {
  return profile?.full_name?.trim() || UNNAMED_MEMBER;
}

/**
 * "Apply" asked for before it could happen: from a card (the form opens on the gig's page) or
 * signed out (the login modal opens first, then the form for that gig). One pending gig at a time,
 * held in this remote's module scope, which its exposed modules share.
 */
let wanted: string | null = null;

export const APPLY_LOGIN_NOTICE = 'Log in to apply for this gig.';

export function wantToApply(gigId: string): void {
  wanted = gigId;
}

export function wantsToApply(gigId: string): boolean {
  return wanted === gigId;
}

/** True once for the gig that was asked for, then forgotten. */
export function takeApplyIntent(gigId: string): boolean {
  if (wanted !== gigId) return false;
  wanted = null;
  return true;
}

import { LOCATIONS, PAYMENT_TYPES } from '@need40/shared';
import type { Gig } from '../types';

const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * Why a gig cannot be shown as a card, or null when it can. The database keeps rows well formed,
 * but a row from an older schema or a broken proxy must not render "$NaN" or crash its neighbours:
 * the card refuses it and its error boundary shows a small note instead.
 */
export function gigProblem(gig: Gig): string | null {
  if (!isText(gig.id) || !gig.id) return 'no id';
  if (!isText(gig.title) || !gig.title.trim()) return 'no title';
  if (!isText(gig.description)) return 'no description';
  if (!(PAYMENT_TYPES as readonly string[]).includes(gig.paymentType)) return `unknown payment type ${String(gig.paymentType)}`;
  if (typeof gig.rate !== 'number' || !Number.isFinite(gig.rate)) return `rate ${String(gig.rate)} is not a number`;
  if (gig.hours !== null && (typeof gig.hours !== 'number' || !Number.isFinite(gig.hours))) return `hours ${String(gig.hours)} is not a number`;
  if (gig.location !== null && !(LOCATIONS as readonly string[]).includes(gig.location)) return `unknown location ${String(gig.location)}`;
  if (!Array.isArray(gig.skills) || !gig.skills.every(isText)) return 'skills are not a list of text';
  return null;
}

/** Throws when the gig cannot be shown (for the card's error boundary). */
export function assertShowableGig(gig: Gig): void {
  const problem = gigProblem(gig);
  if (problem) throw new Error(`[mf-gigs] gig ${String(gig.id)} can't be shown: ${problem}`);
}

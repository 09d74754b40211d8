import type { GigLocation, PaymentType } from '@need40/shared';

/** How payment types and locations read on the page (the database keeps the lowercase values). */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = { hourly: 'Hourly', fixed: 'Fixed price' };
export const LOCATION_LABELS: Record<GigLocation, string> = { remote: 'Remote', onsite: 'Onsite', hybrid: 'Hybrid' };

import { LOCATIONS, PAYMENT_TYPES, type GigLocation, type PaymentType } from '@need40/shared';

/** How payment types and locations read on the page (the database keeps the lowercase values). */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = { hourly: 'Hourly', fixed: 'Fixed price' };
export const LOCATION_LABELS: Record<GigLocation, string> = { remote: 'Remote', onsite: 'Onsite', hybrid: 'Hybrid' };

/** The same, as the options of a SelectField, in the order of the constants. */
export const PAYMENT_TYPE_OPTIONS = PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_TYPE_LABELS[value] }));
export const LOCATION_OPTIONS = LOCATIONS.map((value) => ({ value, label: LOCATION_LABELS[value] }));

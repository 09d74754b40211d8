import type { GigLocation, PaymentType } from '@need40/shared';

/** The Post Your Gig form as typed (every field a string, as inputs give them). */
export interface GigForm {
  title: string;
  description: string;
  paymentType: PaymentType;
  rate: string;
  hours: string;
  location: GigLocation | '';
  skills: string;
}

export type GigFormErrors = Partial<Record<keyof GigForm, string>>;

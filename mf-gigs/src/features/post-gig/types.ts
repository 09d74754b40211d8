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

/** What the form inserts into public.gigs. */
export interface GigInsert {
  title: string;
  description: string;
  payment_type: PaymentType;
  rate: number;
  hours: number;
  location: GigLocation;
  skills: string[];
  user_id: string;
  created_at: string;
}

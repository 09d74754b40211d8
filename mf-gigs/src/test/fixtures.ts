import { applyAuthEvent, uiStore } from '@need40/shared';
import { type Gig } from '../features/grid/types';
import type { GigDetail } from '../features/gig-page/types';
import type { Session } from '@supabase/supabase-js';

/** What a gig card and a gig page show alike. */
const basics = (): Pick<Gig, 'id' | 'title' | 'paymentType' | 'rate' | 'hours' | 'location' | 'skills' | 'status' | 'applicantCount' | 'postedDate' | 'workerCents' | 'feeCents' | 'estimateWorkerCents'> => ({
  id: 'g1',
  title: 'Build a landing page',
  paymentType: 'hourly',
  rate: 45,
  hours: 10,
  location: 'remote',
  skills: ['React', 'CSS'],
  status: 'active',
  applicantCount: 0,
  postedDate: '2024-04-08T12:00:00Z',
  // The split the database computes for $45/hr × 10 hours.
  workerCents: 4275,
  feeCents: 225,
  estimateWorkerCents: 42750,
});

/** A gig card's data; override what the test is about. */
export function makeGig(overrides: Partial<Gig> = {}): Gig {
  return { ...basics(), userId: 'u1', description: 'One page, responsive, with a contact form.', poster: { name: 'Ada Lovelace', username: 'ada_cb1a', avatarUrl: null }, ...overrides };
}

export const signIn = (id = 'user-1') =>
  applyAuthEvent('SIGNED_IN', { access_token: 'x.e30.y', user: { id, email: 'ada@example.com' } } as unknown as Session);

export const signOutForTest = () => applyAuthEvent('SIGNED_OUT', null);

export const resetUi = () => uiStore.setState({ authModal: { open: false, mode: 'login' }, gigsVersion: 0 });

/** A gig page's data; override what the test is about. */
export function makeGigDetail(overrides: Partial<GigDetail> = {}): GigDetail {
  return {
    ...basics(),
    userId: 'poster-1',
    description: 'One page, responsive.\nWith a contact form.',
    applicantCount: 3,
    poster: { displayName: 'Ada Lovelace', avatarUrl: null, memberSince: '2024-03-15T12:00:00Z' },
    ...overrides,
  };
}

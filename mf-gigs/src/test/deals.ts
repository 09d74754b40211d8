import { vi } from 'vitest';
import type { Deal, DealPayment } from '../lib/deal/types';

/** An accepted fixed $600 gig between Paula Poster and Walter Worker; override what the test is about. */
export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'a1',
    status: 'accepted',
    workerId: 'worker-1',
    posterId: 'poster-1',
    workerName: 'Walter Worker',
    posterName: 'Paula Poster',
    gigTitle: 'Build a landing page',
    hourly: false,
    hourlyRate: null,
    agreedHours: null,
    agreedAmount: 600,
    workerAmount: 570,
    platformFee: 30,
    payment: null,
    reviews: [],
    ...overrides,
  };
}

export function makePayment(overrides: Partial<DealPayment> = {}): DealPayment {
  return { id: 'p1', status: 'pending', amount: 600, workerAmount: 570, missingNote: null, createdAt: '2024-04-10T12:00:00Z', ...overrides };
}

/** A tab window.open could return: records where it was sent and whether it was closed. */
export function fakeTab() {
  return { opener: {} as unknown, closed: false, document: { body: { textContent: '' } }, location: { replace: vi.fn() }, close: vi.fn() };
}

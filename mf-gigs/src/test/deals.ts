import { vi } from 'vitest';
import type { Deal, MoneyStep } from '../features/deal/types';

/** An accepted fixed $600 deal between Paula Poster and Walter Worker; override what the test is about. */
export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'a1',
    provider: 'manual',
    status: 'accepted',
    gigId: 'g1',
    gigTitle: 'Build a landing page',
    workerId: 'worker-1',
    posterId: 'poster-1',
    workerName: 'Walter Worker',
    posterName: 'Paula Poster',
    hourly: false,
    rateCents: 60000,
    hours: null,
    amountCents: 60000,
    feeCents: 3000,
    workerCents: 57000,
    change: null,
    prepaid: false,
    deliveredAt: null,
    releaseDueAt: null,
    notes: [],
    steps: [],
    reviews: [],
    ...overrides,
  };
}

/** A money step of the deal's ledger (a funding hold unless told otherwise). */
export function makeStep(overrides: Partial<MoneyStep> = {}): MoneyStep {
  return { id: 1, kind: 'funding', pending: true, createdAt: '2024-04-10T12:00:00Z', amountCents: 60000, parts: { cash: 60000, held: 60000 }, provider: 'manual', reference: 'N40-ABCD1234', method: null, ...overrides };
}

/** A tab window.open could return: records where it was sent and whether it was closed. */
export function fakeTab() {
  return { opener: {} as unknown, closed: false, document: { body: { textContent: '' } }, location: { replace: vi.fn() }, close: vi.fn() };
}

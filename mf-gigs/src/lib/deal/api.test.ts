import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import * as api from './api';

const supabase = fakeSupabase();

const row = {
  id: 'a1', status: 'accepted', worker_id: 'w1', poster_id: 'p1', proposed_rate: 50, agreed_hours: 10, agreed_amount: 500, worker_amount: 475, platform_fee: 25,
  gigs: { title: 'Landing page', payment_type: 'hourly', rate: 45 },
  worker: { full_name: 'Walter Worker' }, poster: { full_name: ' ' },
  application_payments: [
    { id: 'old', status: 'missing', amount: 500, worker_amount: 475, missing_note: 'No', created_at: '2024-04-10T10:00:00Z' },
    { id: 'new', status: 'pending', amount: 500, worker_amount: 475, missing_note: null, created_at: '2024-04-11T10:00:00Z' },
  ],
  reviews: [{ reviewer_id: 'w1', rating: 5, body: null }],
};

beforeEach(() => supabase.reset());
const calls = supabase.calls;

describe('the deal of an application', () => {
  it('is read in one request with the split, the payments and the reviews; the newest payment counts', async () => {
    supabase.answer('applications', { data: row });
    const deal = await api.fetchDeal('a1');
    expect(calls[0]).toEqual(['from', 'applications']);
    expect(calls[1]?.[1]).toContain('application_payments(id, status, amount, worker_amount, missing_note, created_at)');
    expect(calls.slice(2)).toEqual([['eq', 'id', 'a1'], ['single']]);
    expect(deal).toMatchObject({
      hourly: true, hourlyRate: 50, agreedHours: 10, agreedAmount: 500, workerAmount: 475, platformFee: 25,
      workerName: 'Walter Worker', posterName: 'A Need40 member', gigTitle: 'Landing page',
      payment: { id: 'new', status: 'pending', amount: 500, workerAmount: 475 },
      reviews: [{ reviewerId: 'w1', rating: 5, body: '' }],
    });
  });

  it('a fixed gig has no hourly rate; no payment yet is null; the gig rate stands in for no proposal', () => {
    expect(api.dealFromRow({ ...row, gigs: { ...row.gigs, payment_type: 'fixed' }, application_payments: [] })).toMatchObject({ hourly: false, hourlyRate: null, payment: null });
    expect(api.dealFromRow({ ...row, proposed_rate: null }).hourlyRate).toBe(45);
  });

  it('each step calls its database function with its arguments and throws its refusal', async () => {
    supabase.answer('rpc:record_application_payment', { data: { amount: 570.5 } });
    expect(await api.recordPayment('a1')).toBe(570.5);
    await api.confirmPayment('a1');
    await api.reportPaymentMissing('a1', 'Nothing');
    await api.leaveReview('a1', 4, 'Good');
    expect(calls.filter((c) => c[0] === 'rpc')).toEqual([
      ['rpc', 'record_application_payment', { p_application_id: 'a1' }],
      ['rpc', 'confirm_payment_received', { p_application_id: 'a1' }],
      ['rpc', 'report_payment_missing', { p_application_id: 'a1', p_note: 'Nothing' }],
      ['rpc', 'leave_review', { p_application_id: 'a1', p_rating: 4, p_body: 'Good' }],
    ]);
    supabase.answer('rpc:leave_review', { error: { code: 'N4009', message: 'Reviews open once the worker has confirmed the payment' } });
    await expect(api.leaveReview('a1', 4, '')).rejects.toMatchObject({ code: 'N4009' });
  });
});

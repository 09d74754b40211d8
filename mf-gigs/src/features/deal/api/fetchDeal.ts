/**
 * One deal, in three reads at once: the application with its frozen terms, gig, names, notes and
 * reviews; its money steps from the ledger (`deal_money`, docs/payments.md); and the provider that
 * runs its money (`deal_provider`).
 */
import { getSupabase, type Database, type QueryRow } from '@need40/shared';
import { memberName } from '@need40/ui';
import { orThrow } from '../../../lib/orThrow';
import type { Deal, DealNote, Side } from '../types';

/** The application with its frozen terms, gig, both parties' names, notes and reviews, in one read. */
const dealQuery = (applicationId: string) =>
  getSupabase()
    .from('applications')
    .select(
      'id, status, gig_id, worker_id, poster_id, deal_payment_type, deal_rate_cents, agreed_hours, deal_amount_cents, deal_fee_cents, deal_worker_cents, change_proposed_by, change_rate_cents, change_hours, delivered_at, release_due_at, gigs(title, payment_id), worker:worker_id(full_name), poster:poster_id(full_name), deal_notes(kind, author_role, body, link, created_at, attachment_path, attachment_name, attachment_type, attachment_size), reviews(reviewer_id, rating, body)',
    )
    .eq('id', applicationId);
type DealRow = QueryRow<ReturnType<typeof dealQuery>>;
type StepRow = Database['public']['Functions']['deal_money']['Returns'][number];
type Num = number | string | null;

const num = (v: Num | undefined) => (v === null || v === undefined ? null : Number(v));

export function dealFromRows(row: DealRow, steps: StepRow[], provider: string | null): Deal {
  const side = (id: string | null): Side => (id === row.poster_id ? 'poster' : 'worker');
  return {
    id: row.id,
    provider: provider === 'stripe' ? 'stripe' : 'manual',
    status: row.status,
    gigId: row.gig_id,
    gigTitle: row.gigs?.title ?? 'A removed gig',
    workerId: row.worker_id,
    posterId: row.poster_id,
    workerName: memberName(row.worker),
    posterName: memberName(row.poster),
    hourly: row.deal_payment_type === 'hourly',
    rateCents: num(row.deal_rate_cents),
    hours: num(row.agreed_hours),
    amountCents: num(row.deal_amount_cents),
    feeCents: num(row.deal_fee_cents),
    workerCents: num(row.deal_worker_cents),
    change: row.change_proposed_by ? { by: side(row.change_proposed_by), rateCents: Number(row.change_rate_cents), hours: num(row.change_hours) } : null,
    prepaid: Boolean(row.gigs?.payment_id),
    deliveredAt: row.delivered_at,
    releaseDueAt: row.release_due_at,
    notes: [...(row.deal_notes ?? [])]
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map(({ attachment_path, attachment_name, attachment_type, attachment_size, ...n }) => ({
        kind: n.kind as DealNote['kind'],
        authorRole: n.author_role as DealNote['authorRole'],
        body: n.body,
        link: n.link,
        file: attachment_path ? { attachment_path, attachment_name, attachment_type, attachment_size } : null,
        createdAt: n.created_at,
      })),
    steps: steps.map((s) => ({
      id: Number(s.transaction_id),
      kind: s.kind,
      pending: s.pending,
      createdAt: s.created_at,
      amountCents: Number(s.amount_cents),
      parts: Object.fromEntries(Object.entries((s.parts ?? {}) as Record<string, Num>).map(([k, v]) => [k, Number(v)])),
      provider: s.provider,
      reference: s.reference,
      method: s.method,
    })),
    reviews: (row.reviews ?? []).map((r) => ({ reviewerId: r.reviewer_id, rating: r.rating, body: r.body ?? '' })),
  };
}

export async function fetchDeal(applicationId: string): Promise<Deal> {
  const id = { p_application_id: applicationId };
  const [row, steps, provider] = await Promise.all([dealQuery(applicationId).single(), getSupabase().rpc('deal_money', id), getSupabase().rpc('deal_provider', id)]);
  return dealFromRows(orThrow(row), orThrow(steps) ?? [], orThrow(provider));
}

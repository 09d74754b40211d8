/**
 * The money queues (docs/money.md): funds announced and awaiting confirmation (manual provider),
 * payouts due to workers, refunds due to payers, disputed deals with their evidence and a
 * release / refund / split, and revenue by week and month. Each list exports as CSV (react-admin's
 * export button); each action is one operator function.
 */
import { DateField, FunctionField, TextField, useRecordContext, type RaRecord } from 'react-admin';
import { ActionButton, type ActionField } from '../components/ActionButton';
import { centsOf, dollars, MoneyField } from '../components/fields';
import { choiceFilter, QueueList } from '../components/lists';

const REFERENCE: ActionField = { name: 'reference', label: 'Reference (e.g. the PayPal transaction id)', required: true };
const METHOD: ActionField = { name: 'method', label: 'Method (e.g. paypal)', required: true };
const NOTE: ActionField = { name: 'note', label: 'Note', required: true, multiline: true };

function FundsActions() {
  const r = useRecordContext();
  if (!r) return null;
  return r.application_id ? (
    <>
      <ActionButton label="Confirm funds" fn="operator_confirm_funds" fields={[REFERENCE]} args={(x, v) => ({ p_application_id: x.application_id, p_reference: v.reference })} />
      <ActionButton label="Never arrived" fn="operator_void_funds" fields={[NOTE]} args={(x, v) => ({ p_application_id: x.application_id, p_note: v.note })} />
    </>
  ) : (
    <>
      <ActionButton label="Confirm payment" fn="operator_confirm_payment" fields={[REFERENCE]} args={(x, v) => ({ p_payment_id: x.payment_id, p_reference: v.reference })} />
      <ActionButton label="Never arrived" fn="operator_void_payment" fields={[NOTE]} args={(x, v) => ({ p_payment_id: x.payment_id, p_note: v.note })} />
    </>
  );
}

export function FundsList() {
  return (
    <QueueList resource="operator_funds_awaiting" title="Funds to confirm" sort={{ field: 'id', order: 'ASC' }} exportable>
      <DateField source="created_at" label="Announced" showTime />
      <TextField source="kind" />
      <TextField source="member_name" label="Payer" />
      <MoneyField source="amount_cents" label="Amount" />
      <TextField source="provider" />
      <TextField source="reference" emptyText="—" />
      <FundsActions />
    </QueueList>
  );
}

export function PayoutList() {
  return (
    <QueueList resource="operator_payouts_due" title="Payouts to record" sort={{ field: 'released_at', order: 'ASC' }} exportable>
      <DateField source="released_at" label="Released" showTime />
      <TextField source="worker_name" label="Worker" />
      <MoneyField source="amount_cents" label="Owed" />
      <TextField source="paypal_email" label="PayPal" emptyText="—" />
      <ActionButton label="Record payout" fn="operator_record_payout" fields={[METHOD, REFERENCE]}
        args={(x, v) => ({ p_application_id: x.application_id, p_method: v.method, p_reference: v.reference })} />
    </QueueList>
  );
}

export function RefundList() {
  return (
    <QueueList resource="operator_refunds_due" title="Refunds to send" sort={{ field: 'id', order: 'ASC' }} exportable>
      <DateField source="created_at" label="Due since" showTime />
      <TextField source="kind" />
      <TextField source="member_name" label="Payer" />
      <MoneyField source="amount_cents" label="Amount" />
      <TextField source="funded_through" label="Paid through" />
      <ActionButton label="Record refund" fn="operator_record_refund" fields={[METHOD, REFERENCE]}
        args={(x, v) => ({ p_transaction_id: x.transaction_id, p_method: v.method, p_reference: v.reference })} />
    </QueueList>
  );
}

const SPLIT_FIELDS: ActionField[] = [
  NOTE,
  { name: 'worker', label: 'To the worker ($, before the fee)', type: 'number', required: true },
  { name: 'poster', label: 'Back to the poster ($)', type: 'number', required: true },
];

function Evidence({ record }: { record: RaRecord }) {
  const notes = (record.evidence ?? []) as { kind: string; author_role: string; body: string | null; created_at: string }[];
  if (!notes.length) return <>—</>;
  return (
    <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
      {notes.map((n, i) => (
        <li key={i}>
          {n.kind} ({n.author_role}): {n.body ?? ''}
        </li>
      ))}
    </ul>
  );
}

export function DisputeList() {
  return (
    <QueueList resource="operator_disputes" title="Disputes" sort={{ field: 'disputed_at', order: 'ASC' }} exportable>
      <TextField source="gig_title" label="Gig" />
      <TextField source="poster_name" label="Poster" />
      <TextField source="worker_name" label="Worker" />
      <MoneyField source="held_cents" label="Held" />
      <FunctionField label="Evidence" render={(r: RaRecord) => <Evidence record={r} />} />
      <ActionButton label="Release" fn="operator_resolve_dispute" fields={[NOTE]} description="Everything held goes to the worker's side."
        args={(x, v) => ({ p_application_id: x.id, p_outcome: 'release', p_note: v.note })} />
      <ActionButton label="Refund" fn="operator_resolve_dispute" fields={[NOTE]} description="Everything held goes back to the poster."
        args={(x, v) => ({ p_application_id: x.id, p_outcome: 'refund', p_note: v.note })} />
      <FunctionField label="Split" render={(r: RaRecord) => (
        <ActionButton label="Split" fn="operator_resolve_dispute" fields={SPLIT_FIELDS}
          description={`The two parts add up to the ${dollars(r.held_cents)} held.`}
          args={(x, v) => ({ p_application_id: x.id, p_outcome: 'split', p_note: v.note, p_worker_cents: centsOf(v.worker), p_poster_cents: centsOf(v.poster) })} />
      )} />
    </QueueList>
  );
}

export function RevenueList() {
  return (
    <QueueList resource="operator_revenue" title="Revenue" sort={{ field: 'period_start', order: 'DESC' }} exportable
      filter={choiceFilter('period', ['week', 'month'])} filterDefaultValues={{ period: 'month' }}>
      <DateField source="period_start" label="From" />
      <TextField source="releases" label="Deals released" />
      <MoneyField source="payouts_cents" label="Paid to workers" />
      <MoneyField source="fees_cents" label="Fees" />
      <MoneyField source="provider_fees_cents" label="Provider fees" />
      <MoneyField source="net_revenue_cents" label="Net revenue" />
    </QueueList>
  );
}

/** Emails not delivered yet (pending, retrying, failed) with a retry, and the operator audit log. */
import { DateField, FunctionField, TextField, type RaRecord } from 'react-admin';
import { ActionButton, type ActionField } from '../components/ActionButton';
import { choiceFilter, QueueList } from '../components/lists';

const OPTIONAL_REASON: ActionField = { name: 'reason', label: 'Reason (optional)', multiline: true };

export function OutboxList() {
  return (
    <QueueList resource="admin_outbox" title="Email outbox" sort={{ field: 'id', order: 'DESC' }} filter={choiceFilter('state', ['pending', 'retrying', 'failed'])}>
      <DateField source="created_at" label="Queued" showTime />
      <TextField source="kind" />
      <TextField source="recipient_email" label="To" />
      <TextField source="state" />
      <TextField source="attempts" />
      <TextField source="last_error" label="Last error" emptyText="—" />
      <ActionButton label="Retry" fn="admin_retry_email" fields={[OPTIONAL_REASON]} done="The email is due again now."
        args={(x, v) => ({ p_outbox_id: x.id, p_reason: v.reason?.trim() ? v.reason : null })} />
    </QueueList>
  );
}

export function AuditList() {
  return (
    <QueueList resource="admin_audit_log" title="Audit log" sort={{ field: 'id', order: 'DESC' }}>
      <DateField source="created_at" label="When" showTime />
      <TextField source="actor_name" label="Who" emptyText="service" />
      <TextField source="actor_role" label="As" />
      <TextField source="action" />
      <TextField source="target_kind" label="Item" />
      <TextField source="reason" emptyText="—" />
      <FunctionField label="Change" render={(r: RaRecord) => <code>{JSON.stringify(r.after ?? r.before ?? null)?.slice(0, 200)}</code>} />
    </QueueList>
  );
}

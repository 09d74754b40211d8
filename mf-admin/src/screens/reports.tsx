/**
 * The reports queue: each report with its item in context (summary, owner, state now, the thread
 * of a reported message) and the actions that fit the item: hide or restore a gig, remove a
 * message, warn or ban the item's owner, or decide the report without acting.
 */
import {
  DateField, ShowButton, FunctionField, ReferenceManyField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, type RaRecord,
} from 'react-admin';
import { ActionButton, REASON } from '../components/ActionButton';
import { choiceFilter, QueueList, Rows } from '../components/lists';
import { BAN_FIELDS, banArgs } from './members';

/** A gig's state when hidden (gigs.hidden_cause): by an operator, by its poster's ban, or removed by its poster. */
const HIDDEN = ['moderation', 'ban', 'removed'];

const reason = (_r: RaRecord, v: Record<string, string>) => v.reason;

/** The actions that fit one report's item. */
export function ReportActions() {
  const r = useRecordContext();
  if (!r) return null;
  const open = r.status === 'open';
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start', flexWrap: 'wrap' }}>
      {r.target_kind === 'gig' && !HIDDEN.includes(String(r.target_state)) && (
        <ActionButton label="Hide gig" fn="admin_hide_gig" done="The gig is hidden; its poster was told why."
          args={(x, v) => ({ p_gig_id: x.target_id, p_reason: reason(x, v) })} />
      )}
      {r.target_kind === 'gig' && r.target_state === 'moderation' && (
        <ActionButton label="Restore gig" fn="admin_restore_gig" args={(x, v) => ({ p_gig_id: x.target_id, p_reason: reason(x, v) })} />
      )}
      {r.target_kind === 'message' && r.target_state === 'visible' && (
        <ActionButton label="Remove message" fn="admin_remove_message" args={(x, v) => ({ p_message_id: x.target_id, p_reason: reason(x, v) })} />
      )}
      {r.target_owner_id && (
        <>
          <ActionButton label="Warn owner" fn="admin_warn_member" description="The member is emailed these words."
            args={(x, v) => ({ p_user_id: x.target_owner_id, p_reason: reason(x, v) })} />
          <ActionButton label="Ban owner" fn="admin_ban_member" fields={BAN_FIELDS} args={(x, v) => banArgs(x.target_owner_id as string, v)} />
        </>
      )}
      {open && (
        <>
          <ActionButton label="Dismiss report" fn="admin_resolve_report" fields={[REASON]}
            args={(x, v) => ({ p_report_id: x.id, p_resolution: 'dismissed', p_reason: reason(x, v) })} />
          <ActionButton label="Mark actioned" fn="admin_resolve_report" fields={[REASON]}
            args={(x, v) => ({ p_report_id: x.id, p_resolution: 'actioned', p_reason: reason(x, v) })} />
        </>
      )}
    </TopToolbar>
  );
}

export function ReportList() {
  return (
    <QueueList resource="admin_reports" title="Reports" sort={{ field: 'created_at', order: 'DESC' }} rowClick="show"
      filter={choiceFilter('status', ['open', 'actioned', 'dismissed'])} filterDefaultValues={{ status: 'open' }}>
      <DateField source="created_at" label="Reported" showTime />
      <TextField source="target_kind" label="Item" />
      <TextField source="target_summary" label="Summary" />
      <TextField source="target_owner_name" label="Owner" />
      <TextField source="target_state" label="State now" />
      <TextField source="reason" />
      <TextField source="reporter_name" label="Reporter" />
      <TextField source="open_reports_on_item" label="Open on item" />
      <TextField source="status" />
      <ShowButton label="Open" />
    </QueueList>
  );
}

export function ReportShow() {
  return (
    <Show resource="admin_reports" actions={<ReportActions />} title="Report">
      <SimpleShowLayout>
        <TextField source="target_kind" label="Item" />
        <TextField source="target_summary" label="Summary" />
        <TextField source="target_owner_name" label="Owner" />
        <TextField source="target_state" label="State now" />
        <TextField source="reason" />
        <TextField source="note" emptyText="—" />
        <TextField source="reporter_name" label="Reporter" />
        <TextField source="status" />
        <TextField source="outcome" emptyText="—" />
        <FunctionField label="Thread" render={(r: RaRecord) => (r.thread_id ? <Thread /> : '—')} />
      </SimpleShowLayout>
    </Show>
  );
}

/** A reported message in its thread (every message of the application, oldest first). */
function Thread() {
  return (
    <ReferenceManyField reference="admin_messages" target="application_id" source="thread_id" sort={{ field: 'created_at', order: 'ASC' }} perPage={50}>
      <Rows>
        <DateField source="created_at" showTime label="Sent" />
        <TextField source="sender_name" label="From" />
        <TextField source="body" label="Message" />
      </Rows>
    </ReferenceManyField>
  );
}

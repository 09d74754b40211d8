/** Every gig, hidden ones too, with its poster; hide one with a reason or restore it. */
import { DateField, TextField, useRecordContext } from 'react-admin';
import { ActionButton } from '../components/ActionButton';
import { QueueList, searchFilter } from '../components/lists';

/** Hide a listed gig, or restore one an operator hid (a ban's or a poster's removal is not ours to undo here). */
export function GigActions() {
  const g = useRecordContext();
  if (!g) return null;
  if (!g.hidden_cause)
    return <ActionButton label="Hide gig" fn="admin_hide_gig" done="The gig is hidden; its poster was told why." args={(r, v) => ({ p_gig_id: r.id, p_reason: v.reason })} />;
  if (g.hidden_cause === 'moderation')
    return <ActionButton label="Restore gig" fn="admin_restore_gig" args={(r, v) => ({ p_gig_id: r.id, p_reason: v.reason })} />;
  return null;
}

export function GigList() {
  return (
    <QueueList resource="admin_gigs" title="Gigs" sort={{ field: 'created_at', order: 'DESC' }} filter={searchFilter('title@ilike', 'Title')}>
      <TextField source="title" />
      <TextField source="poster_name" label="Poster" />
      <TextField source="status" />
      <TextField source="hidden_cause" label="Hidden" emptyText="—" />
      <TextField source="hidden_reason" label="Why" emptyText="—" />
      <TextField source="open_reports" label="Open reports" />
      <DateField source="created_at" label="Posted" />
      <GigActions />
    </QueueList>
  );
}

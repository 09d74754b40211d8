/**
 * Members: search by name, username, email or id (the view's `search` column); one member's gigs,
 * applications, deals, reports about them and reviews; warn, ban (for some days or for good) and
 * unban. The database refuses a ban of oneself or of another operator.
 */
import {
  BooleanField, ShowButton, DateField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, type RaRecord,
} from 'react-admin';
import { ActionButton, REASON, type ActionField } from '../components/ActionButton';
import { MoneyField } from '../components/fields';
import { QueueList, Related, searchFilter } from '../components/lists';
import { GigActions } from './gigs';

export const BAN_FIELDS: ActionField[] = [
  REASON,
  { name: 'days', label: 'Days (empty: permanent)', type: 'number', helperText: '1 to 36500 days' },
];

/** admin_ban_member's arguments: blank days is a permanent ban. */
export function banArgs(userId: string, v: Record<string, string>) {
  const days = v.days?.trim() ? Number(v.days) : null;
  return { p_user_id: userId, p_reason: v.reason, p_days: days };
}

export function MemberList() {
  return (
    <QueueList resource="admin_members" title="Members" sort={{ field: 'created_at', order: 'DESC' }} rowClick="show" filter={searchFilter('search@ilike', 'Name, email or id')}>
      <TextField source="full_name" label="Name" />
      <TextField source="username" />
      <TextField source="email" />
      <DateField source="created_at" label="Joined" />
      <DateField source="banned_until" label="Banned until" emptyText="—" />
      <BooleanField source="is_operator" label="Operator" />
      <TextField source="gig_count" label="Gigs" />
      <TextField source="application_count" label="Applications" />
      <TextField source="open_reports" label="Open reports" />
      <ShowButton label="Open" />
    </QueueList>
  );
}

function MemberActions() {
  const m = useRecordContext();
  if (!m) return null;
  const banned = m.banned_until && new Date(m.banned_until as string) > new Date();
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start' }}>
      <ActionButton label="Warn" fn="admin_warn_member" description="The member is emailed these words."
        args={(r, v) => ({ p_user_id: r.id, p_reason: v.reason })} />
      {banned ? (
        <ActionButton label="Unban" fn="admin_unban_member" args={(r, v) => ({ p_user_id: r.id, p_reason: v.reason })} />
      ) : (
        <ActionButton label="Ban" fn="admin_ban_member" fields={BAN_FIELDS} done="Banned: their sessions ended and their open gigs are hidden."
          description="Their sessions end at once, their open gigs are hidden and their pending applications withdrawn."
          args={(r: RaRecord, v) => banArgs(String(r.id), v)} />
      )}
    </TopToolbar>
  );
}

export function MemberShow() {
  return (
    <Show resource="admin_members" actions={<MemberActions />} title="Member">
      <SimpleShowLayout>
        <TextField source="full_name" label="Name" />
        <TextField source="username" />
        <TextField source="email" />
        <TextField source="id" />
        <DateField source="last_sign_in_at" showTime emptyText="—" />
        <DateField source="banned_until" showTime emptyText="—" />
        <Related label="Gigs" reference="admin_gigs" target="user_id">
          <TextField source="title" />
          <TextField source="status" />
          <TextField source="hidden_cause" label="Hidden" emptyText="—" />
          <TextField source="open_reports" label="Open reports" />
          <GigActions />
        </Related>
        <Related label="Applications" reference="admin_applications" target="worker_id">
          <TextField source="gig_title" label="Gig" />
          <TextField source="poster_name" label="Poster" />
          <TextField source="status" />
          <DateField source="created_at" />
        </Related>
        <Related label="Deals" reference="admin_applications" target="poster_id" filter={{ 'deal_amount_cents@not.is': null }}>
          <TextField source="gig_title" label="Gig" />
          <TextField source="worker_name" label="Worker" />
          <TextField source="status" />
          <MoneyField source="deal_amount_cents" label="Amount" />
        </Related>
        <Related label="Reports" reference="admin_reports" target="target_owner_id">
          <TextField source="target_kind" label="Item" />
          <TextField source="target_summary" label="Summary" />
          <TextField source="reason" />
          <TextField source="status" />
        </Related>
        <Related label="Reviews" reference="reviews" target="reviewee_id">
          <TextField source="rating" />
          <TextField source="body" emptyText="—" />
          <DateField source="created_at" />
        </Related>
      </SimpleShowLayout>
    </Show>
  );
}

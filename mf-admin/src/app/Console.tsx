/**
 * The operators' console (remote "admin", `./Console`): react-admin over /rest/v1 with the kernel's
 * session, inside the shell's #admin view. Its own in-memory router (the page's hash stays #admin),
 * no CssBaseline (the page's global styles stay the shell's) and a plain layout: a navigation list
 * and the screen. The database decides what an operator may read and do (docs/operators.md).
 */
import { useMemo } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, CoreAdminUI, LoadingPage, memoryStore, NotFound, Notification, Resource } from 'react-admin';
import { createDataProvider } from '../data/dataProvider';
import { ConsoleLayout } from './ConsoleLayout';
import { consoleTheme } from './theme';
import { i18nProvider } from './i18n';
import { ReportList, ReportShow } from '../screens/reports';
import { MemberList, MemberShow } from '../screens/members';
import { GigList } from '../screens/gigs';
import { DisputeList, FundsList, PayoutList, RefundList, RevenueList } from '../screens/money';
import { AuditList, OutboxList } from '../screens/outbox';

const NotFoundScreen = () => <NotFound />;

export default function Console() {
  const dataProvider = useMemo(() => createDataProvider(), []);
  const store = useMemo(() => memoryStore(), []);
  return (
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} store={store} theme={consoleTheme} i18nProvider={i18nProvider}>
        <CoreAdminUI layout={ConsoleLayout} catchAll={NotFoundScreen} loading={LoadingPage} title="Need40 console" disableTelemetry>
          <Resource name="admin_reports" list={ReportList} show={ReportShow} options={{ label: 'Reports' }} />
          <Resource name="admin_members" list={MemberList} show={MemberShow} options={{ label: 'Members' }} />
          <Resource name="admin_gigs" list={GigList} options={{ label: 'Gigs' }} />
          <Resource name="operator_funds_awaiting" list={FundsList} options={{ label: 'Funds to confirm' }} />
          <Resource name="operator_payouts_due" list={PayoutList} options={{ label: 'Payouts' }} />
          <Resource name="operator_disputes" list={DisputeList} options={{ label: 'Disputes' }} />
          <Resource name="operator_refunds_due" list={RefundList} options={{ label: 'Refunds' }} />
          <Resource name="operator_revenue" list={RevenueList} options={{ label: 'Revenue' }} />
          <Resource name="admin_outbox" list={OutboxList} options={{ label: 'Email outbox' }} />
          <Resource name="admin_audit_log" list={AuditList} options={{ label: 'Audit log' }} />
          <Resource name="admin_messages" />
          <Resource name="admin_applications" />
          <Resource name="reviews" />
        </CoreAdminUI>
        <Notification />
      </AdminContext>
    </MemoryRouter>
  );
}

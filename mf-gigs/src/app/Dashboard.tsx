import type { DashboardProps } from '@need40/shared';
import { DealPanel } from '../features/deal/components/DealPanel';
import { Dashboard as Page } from '../features/dashboard/components/Dashboard';
import { DealSlotProvider, type RenderDeal } from '../lib/dealSlot';

const renderDeal: RenderDeal = (props) => <DealPanel {...props} />;

/**
 * Exposed to the shell as `gigs/Dashboard` (`#dashboard`, signed in): My gigs, My applications, Saved gigs — each deal shown by features/deal.
 * At `#dashboard/application/<id>` the shell passes `applicationId`: that applicant first, Accept focused.
 */
export default function Dashboard({ applicationId = null }: DashboardProps) {
  return (
    <DealSlotProvider value={renderDeal}>
      <Page applicationId={applicationId} />
    </DealSlotProvider>
  );
}

import { DealPanel } from '../features/deal/components/DealPanel';
import { GigPage as Page } from '../features/gig-page/components/GigPage';
import { DealSlotProvider, type RenderDeal } from '../lib/dealSlot';

const renderDeal: RenderDeal = (props) => <DealPanel {...props} />;

/** Exposed to the shell as `gigs/GigPage`: one gig's page at `#gig/<id>` (props `{ gigId }`), the member's deal shown by features/deal. */
export default function GigPage({ gigId }: { gigId: string }) {
  return (
    <DealSlotProvider value={renderDeal}>
      <Page gigId={gigId} />
    </DealSlotProvider>
  );
}

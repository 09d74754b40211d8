import { GigPage as Page } from '../features/gig-page/components/GigPage';
import { FeatureSlots } from './FeatureSlots';

/**
 * Exposed to the shell as `gigs/GigPage`: one gig's page at `#gig/<id>` (props `{ gigId }`), the
 * member's deal shown by features/deal, their thread with the poster by features/messages.
 */
export default function GigPage({ gigId }: { gigId: string }) {
  return (
    <FeatureSlots>
      <Page gigId={gigId} />
    </FeatureSlots>
  );
}

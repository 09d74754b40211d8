import type { GigPageProps } from '@need40/shared';
import { GigPage as Page } from '../features/gig-page/components/GigPage';
import { FeatureSlots } from './FeatureSlots';

/**
 * Exposed to the shell as `gigs/GigPage`: one gig's page at `#gig/<id>` (props `{ gigId }`), the
 * member's deal shown by features/deal, their thread with the poster by features/messages (open at
 * `#gig/<id>/messages`: `openThread`).
 */
export default function GigPage({ gigId, openThread = false }: GigPageProps) {
  return (
    <FeatureSlots>
      <Page gigId={gigId} openThread={openThread} />
    </FeatureSlots>
  );
}

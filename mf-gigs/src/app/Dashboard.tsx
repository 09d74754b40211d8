import type { DashboardProps } from '@need40/shared';
import { Dashboard as Page } from '../features/dashboard/components/Dashboard';
import { FeatureSlots } from './FeatureSlots';

/**
 * Exposed to the shell as `gigs/Dashboard` (`#dashboard`, signed in): My gigs, My applications,
 * Saved gigs — each deal shown by features/deal, each thread and every unread count by features/messages.
 * At `#dashboard/application/<id>` the shell passes `applicationId`: that applicant first, Accept
 * focused; at `#dashboard/application/<id>/messages` also `openThread`: their thread open instead.
 */
export default function Dashboard({ applicationId = null, openThread = false }: DashboardProps) {
  return (
    <FeatureSlots liveUnread>
      <Page applicationId={applicationId} openThread={openThread} />
    </FeatureSlots>
  );
}

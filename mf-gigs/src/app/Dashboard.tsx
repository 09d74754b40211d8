import { Dashboard as Page } from '../features/dashboard/components/Dashboard';
import { FeatureSlots } from './FeatureSlots';

/**
 * Exposed to the shell as `gigs/Dashboard` (`#dashboard`, signed in): My gigs, My applications,
 * Saved gigs — each deal shown by features/deal, each thread and every unread count by features/messages.
 */
export default function Dashboard() {
  return (
    <FeatureSlots liveUnread>
      <Page />
    </FeatureSlots>
  );
}

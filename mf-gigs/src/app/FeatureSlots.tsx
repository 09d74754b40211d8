import type { ReactNode } from 'react';
import { DealPanel } from '../features/deal/components/DealPanel';
import { MessagesProvider } from '../features/messages';
import { DealSlotProvider, type RenderDeal } from '../lib/dealSlot';

const renderDeal: RenderDeal = (props) => <DealPanel {...props} />;

/**
 * Fills the slots through which one feature shows another's parts (features never import each
 * other): a deal (features/deal) and an application's messages (features/messages). `liveUnread`:
 * keep every unread count of the member live (a page that shows them all).
 */
export function FeatureSlots({ liveUnread = false, children }: { liveUnread?: boolean; children: ReactNode }) {
  return (
    <DealSlotProvider value={renderDeal}>
      <MessagesProvider liveUnread={liveUnread}>{children}</MessagesProvider>
    </DealSlotProvider>
  );
}

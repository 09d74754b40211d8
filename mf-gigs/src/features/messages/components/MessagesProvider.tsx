import type { ReactNode } from 'react';
import { useSession } from '@need40/shared';
import { MessagesSlotProvider, type MessagesParts } from '../../../lib/messagesSlot';
import { useUnreadLive } from '../hooks/useUnreadLive';
import { MessagesToggle } from './MessagesToggle';
import { GigUnread, UnreadTotal } from './UnreadTotal';

const parts: MessagesParts = {
  thread: (props) => <MessagesToggle {...props} />,
  unread: ({ gigId }) => (gigId ? <GigUnread gigId={gigId} /> : <UnreadTotal />),
};

/**
 * Fills the message slots (src/lib/messagesSlot) of the features inside it. `liveUnread`: keep
 * every unread count of the signed-in member live (the dashboard, which shows them all).
 */
export function MessagesProvider({ liveUnread = false, children }: { liveUnread?: boolean; children: ReactNode }) {
  const userId = useSession((s) => s.user?.id ?? null);
  useUnreadLive(liveUnread ? userId : null);
  return <MessagesSlotProvider value={parts}>{children}</MessagesSlotProvider>;
}

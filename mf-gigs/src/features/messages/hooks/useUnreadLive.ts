import { useEffect } from 'react';
import { openChannel, privateTopic } from '../../../lib/live/channel';
import { refreshAllUnread, resetUnread } from '../stores/unreadStore';

/**
 * Keeps every unread count of the member live (the dashboard): a message in any of their threads,
 * and every (re)subscription, reads the counts of all threads again. Row-level security decides
 * which messages reach this member. Nothing without a member; the counts go on sign-out.
 */
export function useUnreadLive(userId: string | null) {
  useEffect(() => {
    if (!userId) return resetUnread;
    void refreshAllUnread();
    const close = openChannel(privateTopic(`unread-all:${userId}`), { config: {} }, (channel) => {
      channel
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'application_messages' }, () => void refreshAllUnread())
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') void refreshAllUnread();
        });
    });
    return () => {
      close();
      resetUnread();
    };
  }, [userId]);
}

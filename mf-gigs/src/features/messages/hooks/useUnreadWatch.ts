import { useEffect } from 'react';
import { openChannel, privateTopic } from '../../../lib/live/channel';
import { refreshUnread } from '../stores/unreadStore';

/**
 * Keeps one application's unread count live while its thread is closed: a new message from the
 * other party (or a reconnect) reads the count again. Off without a member.
 */
export function useUnreadWatch(applicationId: string, userId: string | null) {
  useEffect(() => {
    if (!userId) return undefined;
    return openChannel(privateTopic(`unread:${applicationId}`), { config: {} }, (channel) => {
      channel
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'application_messages', filter: `application_id=eq.${applicationId}` }, (change) => {
          if ((change.new as { sender_id?: string }).sender_id !== userId) void refreshUnread([applicationId]);
        })
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') void refreshUnread([applicationId]);
        });
    });
  }, [applicationId, userId]);
}

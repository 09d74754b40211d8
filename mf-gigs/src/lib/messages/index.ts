/** Messages per application: the thread, its toggle with the unread count, the dashboard's live channel. */
export { MessagesToggle } from './MessagesToggle';
export { GigUnread, UnreadTotal } from './UnreadTotal';
export { useDashboardLive, useDashboardVersion } from './useDashboardLive';

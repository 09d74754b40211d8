/** Messages per application: the thread, its toggle with the unread count, the live unread counts. */
export { MessagesProvider } from './components/MessagesProvider';

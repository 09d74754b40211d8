import { LoadFailed, Loading, ui } from '@need40/ui';
import { Composer } from './Composer';
import { EarlierMessages } from './EarlierMessages';
import { MessageList } from './MessageList';
import { useThread } from '../hooks/useThread';
import styles from './Messages.module.css';

/** Statuses in which the two parties may still write (the database refuses the others). */
const OPEN_STATUSES = new Set(['applied', 'accepted', 'funded', 'delivered', 'disputed', 'released', 'paid_out', 'paid', 'refunded']);

/** "the poster" starts a sentence as "The poster". */
const sentence = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

interface Props {
  id?: string;
  applicationId: string;
  userId: string | null;
  /** How the other party is called ("Grace Hopper", "the poster"). */
  otherName: string;
  /** The other party's photo (profiles.avatar_url), when known. */
  otherAvatarUrl?: string | null;
  /** The application's status: a closed conversation can be read, not written to. */
  status: string;
}

/** A thread: the messages (loading, error, empty), who is online or typing, and the composer. */
export function Thread({ id, applicationId, userId, otherName, otherAvatarUrl = null, status }: Props) {
  const { state, send, retry, loadEarlier, incoming, typing, online, sendTyping } = useThread(applicationId, userId);
  const open = OPEN_STATUSES.has(status);
  return (
    <div id={id} className={ui.unfolded}>
      {state.status === 'loading' && <Loading what="messages" />}
      {state.status === 'error' && <LoadFailed what="the messages" retry={retry} />}
      {state.status === 'ready' && state.messages.length === 0 && (
        <p className={ui.muted}>{open ? `No messages yet. Write the first one to ${otherName}.` : 'No messages.'}</p>
      )}
      {state.status === 'ready' && state.messages.length > 0 && (
        <>
          <EarlierMessages state={state} onLoad={loadEarlier} />
          <MessageList messages={state.messages} userId={userId} otherName={otherName} otherAvatarUrl={otherAvatarUrl} />
        </>
      )}
      {/* Announces messages that arrive while the thread is open, politely and one at a time. */}
      <div className="visually-hidden" aria-live="polite">
        {incoming && `New message from ${otherName}: ${incoming.body}`}
      </div>
      <p className={styles.presence}>
        {online && <span className={styles.online}>{sentence(otherName)} is online</span>}
        {typing && <span>{sentence(otherName)} is typing…</span>}
      </p>
      {open ? <Composer applicationId={applicationId} userId={userId} otherName={otherName} send={send} onTyping={sendTyping} /> : <p className={ui.muted}>This conversation is closed.</p>}
    </div>
  );
}

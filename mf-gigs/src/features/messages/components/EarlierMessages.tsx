import { ui } from '@need40/ui';
import type { ThreadReady } from '../hooks/useThread';

const messages = (n: number) => `${n} earlier ${n === 1 ? 'message' : 'messages'}`;

/**
 * Above a thread: "Load earlier messages" while older ones exist, its failure, and a polite
 * announcement of what came (the list keeps the reader's place; see MessageList).
 */
export function EarlierMessages({ state, onLoad }: { state: ThreadReady; onLoad: () => void }) {
  const { hasEarlier, earlier, addedEarlier } = state;
  return (
    <>
      {earlier === 'error' && (
        <p role="alert" className={ui.alert}>
          Could not load earlier messages. Check your connection and try again.
        </p>
      )}
      {hasEarlier && (
        <button type="button" className={ui.small} aria-disabled={earlier === 'loading'} onClick={onLoad}>
          {earlier === 'loading' ? 'Loading earlier messages...' : 'Load earlier messages'}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite">
        {addedEarlier !== null && `${messages(addedEarlier)} shown${hasEarlier ? '' : ', from the start of the conversation'}.`}
      </p>
    </>
  );
}

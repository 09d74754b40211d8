import type { Message } from './api';
import styles from './Messages.module.css';

const timeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function when(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

interface Props {
  messages: Message[];
  userId: string | null;
  otherName: string;
}

/** The messages, oldest first: who wrote it ("You" or the other party), when, and the text. */
export function MessageList({ messages, userId, otherName }: Props) {
  return (
    <ol className={styles.list} aria-label={`Messages with ${otherName}`}>
      {messages.map((m) => {
        const mine = m.sender_id === userId;
        return (
          <li key={m.id} className={mine ? styles.mine : styles.theirs}>
            <p className={styles.meta}>
              <span className={styles.sender}>{mine ? 'You' : otherName}</span> · <time dateTime={m.created_at}>{when(m.created_at)}</time>
            </p>
            <p className={styles.body}>{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

import { useLayoutEffect, useRef } from 'react';
import type { Message } from './api';
import styles from './Messages.module.css';

const timeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function when(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/** Within this distance of the end, the reader is following the conversation. */
const FOLLOWING_PX = 48;

interface Props {
  messages: Message[];
  userId: string | null;
  otherName: string;
}

/**
 * The messages, oldest first: who wrote it ("You" or the other party), when, and the text. The list
 * scrolls by itself (focusable, so keyboards can scroll it) and shows the newest message when one
 * arrives, unless the reader has scrolled up to read older ones.
 */
export function MessageList({ messages, userId, otherName }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  useLayoutEffect(() => {
    const el = list.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [messages]);
  const onScroll = () => {
    const el = list.current;
    if (el) following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOWING_PX;
  };
  return (
    <ol ref={list} className={styles.list} aria-label={`Messages with ${otherName}`} tabIndex={0} onScroll={onScroll}>
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

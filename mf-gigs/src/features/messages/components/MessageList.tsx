import { useLayoutEffect, useRef } from 'react';
import { getSupabase } from '@need40/shared';
import { ReportButton, ui } from '@need40/ui';
import { Avatar } from '../../../lib/Avatar';
import type { Message } from '../api/messages';
import { Attachment } from '../../../lib/attachments/Attachment';
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
  /** The other party's photo (profiles.avatar_url), by their messages. */
  otherAvatarUrl?: string | null;
}

/**
 * The messages, oldest first: who wrote it ("You" or the other party, with their photo), when,
 * the text and the file sent with it. The list
 * scrolls by itself (focusable, so keyboards can scroll it) and shows the newest message when one
 * arrives, unless the reader has scrolled up to read older ones. Earlier messages loaded above keep
 * the reader where they were; if the button that loaded them is gone, the list takes the focus.
 */
export function MessageList({ messages, userId, otherName, otherAvatarUrl = null }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const before = useRef<{ first?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const first = before.current.first;
    const prepended = first !== undefined && messages[0]?.id !== first && messages.some((m) => m.id === first);
    if (prepended) {
      el.scrollTop += el.scrollHeight - before.current.height;
      if (!el.ownerDocument.activeElement || el.ownerDocument.activeElement === el.ownerDocument.body) el.focus();
    } else if (following.current) el.scrollTop = el.scrollHeight;
    before.current = { first: messages[0]?.id, height: el.scrollHeight };
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
              {!mine && <Avatar className={styles.avatar} url={otherAvatarUrl} name={otherName} px={24} />}
              <span className={styles.sender}>{mine ? 'You' : otherName}</span> · <time dateTime={m.created_at}>{when(m.created_at)}</time>
            </p>
            {m.body && <p className={ui.prose}>{m.body}</p>}
            <Attachment file={m} />
            {!mine && userId && <ReportButton client={getSupabase()} kind="message" targetId={m.id} what={`this message from ${otherName}`} />}
          </li>
        );
      })}
    </ol>
  );
}

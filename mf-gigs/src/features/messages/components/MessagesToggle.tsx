import { useEffect, useRef, useState } from 'react';
import { useSession } from '@need40/shared';
import { draftKey, readDraft, ui } from '@need40/ui';
import type { ThreadSlotProps } from '../../../lib/messagesSlot';
import { Thread } from './Thread';
import { refreshUnread, useUnread } from '../stores/unreadStore';
import { useUnreadWatch } from '../hooks/useUnreadWatch';
import styles from './Messages.module.css';

/**
 * "Messages (2 new)": opens and closes the application's thread below it. Asked to open on arrival
 * (`arrive`: the page's address leads to this thread), it opens — also when the address changes to
 * it while the page is shown — and its button takes focus. A half-written message of the member
 * (a draft the Composer keeps) opens it too.
 */
export function MessagesToggle({ applicationId, otherName, otherAvatarUrl = null, about, status, watch = false, open: arrive = false }: ThreadSlotProps) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [open, setOpen] = useState(arrive);
  const [arrived, setArrived] = useState(arrive);
  if (arrive !== arrived) {
    setArrived(arrive);
    if (arrive) setOpen(true);
  }
  // A half-written message of this member here (the page was reloaded): open on it, as an application's form does.
  const [drafter, setDrafter] = useState<string | null>(null);
  if (userId && userId !== drafter) {
    setDrafter(userId);
    if (readDraft<{ body: string }>(draftKey('message', userId, applicationId))?.body?.trim()) setOpen(true);
  }
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!arrive) return;
    button.current?.scrollIntoView?.({ block: 'start' });
    button.current?.focus({ preventScroll: true });
  }, [arrive, userId]);
  const unread = useUnread(applicationId);
  const threadId = `thread-${applicationId}`;
  useUnreadWatch(applicationId, watch && !open ? userId : null);
  useEffect(() => {
    if (watch && userId) void refreshUnread([applicationId]);
  }, [watch, userId, applicationId]);

  if (!userId) return null;
  return (
    <div className={styles.toggle}>
      <button ref={button} type="button" className={ui.secondary} aria-expanded={open} aria-controls={threadId} onClick={() => setOpen(!open)}>
        {open ? 'Hide messages' : 'Messages'}
        {!open && unread > 0 && ` (${unread} new)`}
        <span className="visually-hidden"> {about}</span>
      </button>
      {open && <Thread id={threadId} applicationId={applicationId} userId={userId} otherName={otherName} otherAvatarUrl={otherAvatarUrl} status={status} />}
    </div>
  );
}

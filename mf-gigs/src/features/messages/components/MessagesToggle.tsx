import { useEffect, useState } from 'react';
import { useSession } from '@need40/shared';
import { ui } from '@need40/ui';
import { Thread } from './Thread';
import { refreshUnread, useUnread } from '../stores/unreadStore';
import { useUnreadWatch } from '../hooks/useUnreadWatch';
import styles from './Messages.module.css';

interface Props {
  applicationId: string;
  /** How the other party is called in the thread. */
  otherName: string;
  /** The other party's photo (profiles.avatar_url), shown by their messages. */
  otherAvatarUrl?: string | null;
  /** What the thread is about, for the button's accessible name (e.g. the gig or the applicant). */
  about: string;
  status: string;
  /** Keep this application's count live by itself (where no dashboard channel does it). */
  watch?: boolean;
}

/** "Messages (2 new)": opens and closes the application's thread below it. */
export function MessagesToggle({ applicationId, otherName, otherAvatarUrl = null, about, status, watch = false }: Props) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [open, setOpen] = useState(false);
  const unread = useUnread(applicationId);
  const threadId = `thread-${applicationId}`;
  useUnreadWatch(applicationId, watch && !open ? userId : null);
  useEffect(() => {
    if (watch && userId) void refreshUnread([applicationId]);
  }, [watch, userId, applicationId]);

  if (!userId) return null;
  return (
    <div className={styles.toggle}>
      <button type="button" className={ui.secondary} aria-expanded={open} aria-controls={threadId} onClick={() => setOpen(!open)}>
        {open ? 'Hide messages' : 'Messages'}
        {!open && unread > 0 && ` (${unread} new)`}
        <span className="visually-hidden"> {about}</span>
      </button>
      {open && <Thread id={threadId} applicationId={applicationId} userId={userId} otherName={otherName} otherAvatarUrl={otherAvatarUrl} status={status} />}
    </div>
  );
}

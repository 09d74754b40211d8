import { useEffect, useId, useRef, useState } from 'react';
import { notificationHref, notificationText, titleWithCount } from './text';
import { useNotifications } from './useNotifications';
import styles from './Bell.module.css';

/** The tab's own title, without a count put in front of it earlier. */
const baseTitle = () => document.title.replace(/^\(\d+\+?\) /, '');

/**
 * The notification centre: a bell with the unread count; opening it lists the recent events and
 * marks them read (seen). The tab's title carries the count. Loaded only for a signed-in member
 * (components/Navbar.tsx imports it on demand), so a visitor's first screen does not carry it.
 */
export default function Bell({ userId }: { userId: string }) {
  const { state, markSeen } = useNotifications(userId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const base = baseTitle();
    document.title = titleWithCount(base, state.unread);
    return () => {
      document.title = base;
    };
  }, [state.unread]);

  // Seen while open: what arrives while the list is open is marked read too.
  useEffect(() => {
    if (open && state.unread > 0) void markSeen();
  }, [open, state.unread, markSeen]);

  // What was unread when shown stays "New" until the list closes, although opening marked it read
  // at once (and the live update saying so may arrive while the member is still reading). Adjusted
  // while rendering, as React advises for state that follows other state, not in an effect.
  const [shownNew, setShownNew] = useState<ReadonlySet<number>>(() => new Set());
  const unreadShown = open ? state.items.filter((n) => !n.read_at).map((n) => n.id) : [];
  if (!open && shownNew.size) setShownNew(new Set());
  if (unreadShown.some((id) => !shownNew.has(id))) setShownNew(new Set([...shownNew, ...unreadShown]));

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const isNew = (n: { id: number; read_at: string | null }) => !n.read_at || shownNew.has(n.id);

  return (
    <div className={styles.wrap} ref={wrap}>
      <button ref={button} type="button" className={styles.bell} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={styles.icon}>
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
        <span className="visually-hidden">Notifications{state.unread > 0 ? `, ${state.unread} unread` : ''}</span>
        {state.unread > 0 && (
          <span className={styles.count} aria-hidden="true" data-testid="unread-notifications">
            {state.unread > 99 ? '99+' : state.unread}
          </span>
        )}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} role="region" aria-label="Notifications">
        <h2 className={styles.heading}>Notifications</h2>
        {state.failed && state.items.length === 0 ? (
          <p className={styles.empty}>Your notifications could not be loaded. Check your connection.</p>
        ) : state.items.length === 0 ? (
          <p className={styles.empty}>Nothing new yet. Applications, messages and payment steps show up here.</p>
        ) : (
          <ul className={styles.list}>
            {state.items.map((n) => (
              <li key={n.id} className={isNew(n) ? `${styles.item} ${styles.unread}` : styles.item}>
                <a href={notificationHref(n, userId)} className={styles.link} onClick={() => setOpen(false)}>
                  {isNew(n) && <span className="visually-hidden">New: </span>}
                  {notificationText(n)}
                </a>
                <time className={styles.time} dateTime={n.created_at}>
                  {new Date(n.created_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * Where a feature shows an application's messages without importing the messages feature
 * (features never import each other): it renders <ThreadSlot …/> or <UnreadSlot …/>, and
 * features/messages' MessagesProvider, placed by src/app around the features it composes, fills them.
 * Without a provider the slots show nothing.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface ThreadSlotProps {
  applicationId: string;
  /** How the other party is called in the thread ("Grace Hopper", "the poster"). */
  otherName: string;
  /** The other party's photo (profiles.avatar_url), shown by their messages. */
  otherAvatarUrl?: string | null;
  /** What the thread is about, for the button's accessible name (e.g. the gig or the applicant). */
  about: string;
  /** The application's status: a closed conversation can be read, not written to. */
  status: string;
  /** Keep this application's unread count live by itself (where no page-wide watch does it). */
  watch?: boolean;
  /** Open the thread on arrival and bring its button into view, focused (an address ending in `/messages`). */
  open?: boolean;
}

export interface MessagesParts {
  /** "Messages (2 new)" and the thread it opens below it. */
  thread: (props: ThreadSlotProps) => ReactNode;
  /** The unread messages over all of the member's threads (no gig), or over one gig's applicants. */
  unread: (props: { gigId?: string }) => ReactNode;
}

const MessagesSlotContext = createContext<MessagesParts | null>(null);

export const MessagesSlotProvider = MessagesSlotContext.Provider;

export function ThreadSlot(props: ThreadSlotProps) {
  const parts = useContext(MessagesSlotContext);
  return parts ? parts.thread(props) : null;
}

export function UnreadSlot(props: { gigId?: string }) {
  const parts = useContext(MessagesSlotContext);
  return parts ? parts.unread(props) : null;
}

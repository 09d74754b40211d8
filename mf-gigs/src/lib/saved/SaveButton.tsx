import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useSession } from '@need40/shared';
import { ui } from '@need40/ui';
import { savedStore, toggleSaved, watchSaved } from './savedStore';

/**
 * Save / Saved for one gig: a toggle button (aria-pressed). Signed out it opens the login modal
 * with a word why. The mark is asked of the database for the gigs on screen only. A failed change is undone and said next to the button.
 */
export function SaveButton({ gigId, title }: { gigId: string; title: string }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const saved = useStore(savedStore, (s) => s.userId === userId && s.ids.has(gigId));
  const failed = useStore(savedStore, (s) => s.failed === gigId);

  useEffect(() => {
    watchSaved(userId, gigId);
  }, [userId, gigId]);

  return (
    <>
      <button type="button" className={ui.secondary} aria-pressed={saved} aria-label={`Save ${title}`} onClick={() => void toggleSaved(gigId)}>
        {saved ? 'Saved' : 'Save'}
      </button>
      {failed && (
        <span role="alert" className={ui.fieldError}>
          Could not update your saved gigs. Try again.
        </span>
      )}
    </>
  );
}

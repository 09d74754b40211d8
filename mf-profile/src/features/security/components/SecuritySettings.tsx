import { lazy, Suspense, useId, useState } from 'react';
import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';

// A chunk of its own: only a member who opens the settings downloads them.
const SecurityPage = lazy(() => import('./SecurityPage'));

export const SECURITY_TEXT = {
  title: 'Sign-in and security',
  open: 'Manage password, email, two-step login and sessions',
  close: 'Hide sign-in and security settings',
} as const;

/** On the member's own profile: a button that opens the security settings in place. */
export function SecuritySettings() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <ViewSection title={SECURITY_TEXT.title}>
      <button type="button" className={ui.secondary} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? SECURITY_TEXT.close : SECURITY_TEXT.open}
      </button>
      <div id={id} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">Loading your security settings...</p>}>
            <SecurityPage />
          </Suspense>
        )}
      </div>
    </ViewSection>
  );
}

/**
 * Frame of the standalone development page: a header naming the remote, and a strip showing the
 * shared session and UI stores, so a team sees cross-remote actions (e.g. "open the login modal")
 * without the shell.
 */
import type { ReactNode } from 'react';
import { closeAuthModal, openAuthModal, useSession, useUi } from '@need40/shared';

export function StandaloneFrame({ name, children }: { name: string; children: ReactNode }) {
  const status = useSession((s) => s.status);
  const email = useSession((s) => s.user?.email ?? null);
  const authModal = useUi((s) => s.authModal);
  return (
    <>
      <header style={{ padding: 'var(--space-2) var(--space-4)', background: 'var(--color-surface)', borderBottom: '1px solid var(--color-border)', fontSize: 'var(--font-size-sm)' }}>
        <strong>{name}</strong> standalone · session: {status}
        {email ? ` (${email})` : ''} · auth modal: {authModal.open ? `open (${authModal.mode})` : 'closed'}
        {authModal.open ? (
          <button type="button" style={{ marginLeft: 'var(--space-2)' }} onClick={closeAuthModal}>
            close
          </button>
        ) : (
          <button type="button" style={{ marginLeft: 'var(--space-2)' }} onClick={() => openAuthModal('login')}>
            open login
          </button>
        )}
      </header>
      <main style={{ maxWidth: 'var(--content-width)', margin: '0 auto', padding: 'var(--space-4)' }}>{children}</main>
    </>
  );
}

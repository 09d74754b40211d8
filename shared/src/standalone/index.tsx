/**
 * `@need40/shared/standalone`: a remote's own development page (`pnpm --filter mf-gigs dev`).
 * Loads the same runtime config and session as the composed page, then renders the remote's
 * exposed component alone inside a frame that shows the shared stores. Only the remotes'
 * `bootstrap.tsx` imports it; the composed page never loads it.
 *
 * @example
 *   import '@need40/shared/tokens.css';
 *   import { mountStandalone } from '@need40/shared/standalone';
 *   void mountStandalone('mf-gigs', <Gigs />);
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig, startSessionSync } from '@need40/shared';
import { StandaloneFrame } from './StandaloneFrame';

export { StandaloneFrame };

export async function mountStandalone(name: string, element: ReactNode, configUrl = '/config.json'): Promise<void> {
  await loadRuntimeConfig(configUrl);
  startSessionSync();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <StandaloneFrame name={name}>{element}</StandaloneFrame>
    </StrictMode>,
  );
}

/**
 * Standalone page of mf-gigs: same tokens, runtime config and session as the composed page, then
 * the exposed component alone. (The login modal lives in mf-auth: here "Login to Post Gig" only
 * flips the shared UI store, which the frame shows.)
 */
import '@need40/shared/tokens.css';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { loadRuntimeConfig, startSessionSync } from '@need40/shared';
import Gigs from './app/Gigs';
import { StandaloneFrame } from './standalone/StandaloneFrame';

async function main(): Promise<void> {
  await loadRuntimeConfig('/config.json');
  startSessionSync();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <StandaloneFrame name="mf-gigs">
        <Gigs />
      </StandaloneFrame>
    </StrictMode>,
  );
}

void main();

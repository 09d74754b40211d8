/**
 * Standalone page of mf-profile: same tokens, runtime config and session as the composed page.
 * Shows the signed-in user's profile (editable), or `?userId=<uuid>` read-only.
 */
import '@need40/shared/tokens.css';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { loadRuntimeConfig, startSessionSync } from '@need40/shared';
import { StandaloneFrame } from './standalone/StandaloneFrame';
import { StandaloneProfile } from './standalone/StandaloneProfile';

async function main(): Promise<void> {
  await loadRuntimeConfig('/config.json');
  startSessionSync();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <StandaloneFrame name="mf-profile">
        <StandaloneProfile />
      </StandaloneFrame>
    </StrictMode>,
  );
}

void main();

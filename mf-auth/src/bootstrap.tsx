/**
 * Standalone page of mf-auth: same tokens, runtime config and session as the composed page, a
 * button to open the modal, and the exposed AuthModal.
 */
import '@need40/shared/tokens.css';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { loadRuntimeConfig, startSessionSync } from '@need40/shared';
import AuthModal from './app/AuthModal';
import { StandaloneFrame } from './standalone/StandaloneFrame';

async function main(): Promise<void> {
  await loadRuntimeConfig('/config.json');
  startSessionSync();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <StandaloneFrame name="mf-auth">
        <AuthModal />
      </StandaloneFrame>
    </StrictMode>,
  );
}

void main();

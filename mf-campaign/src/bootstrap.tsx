/**
 * Standalone page of mf-campaign (its own dev server / dist index.html): the same design tokens,
 * runtime config and session as the composed page, then the exposed component alone.
 * In the composed page the shell loads ./Campaign directly; this file is not used there.
 */
import '@need40/shared/tokens.css';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { loadRuntimeConfig, startSessionSync } from '@need40/shared';
import Campaign from './app/Campaign';
import { StandaloneFrame } from './standalone/StandaloneFrame';

async function main(): Promise<void> {
  await loadRuntimeConfig('/config.json');
  startSessionSync();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <StandaloneFrame name="mf-campaign">
        <Campaign />
      </StandaloneFrame>
    </StrictMode>,
  );
}

void main();

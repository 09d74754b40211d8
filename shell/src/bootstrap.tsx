/**
 * Start of the shell, after the async boundary (index.ts): design tokens, the runtime config and
 * the remote locations (both fetched in parallel), the session sync, then the first render.
 */
import '@need40/shared/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig, startSessionSync } from '@need40/shared';
import { App } from './App';
import { AppErrorBoundary, ErrorScreen } from './components/AppErrorBoundary';
import { configureRemotes } from './federation/loader';
import { fetchRemotesConfig } from './federation/remotes-config';
import { prefetchedConfigFetch } from './federation/prefetch';

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  try {
    const [, remotes] = await Promise.all([loadRuntimeConfig('/config.json', prefetchedConfigFetch), fetchRemotesConfig('/remotes.json')]);
    configureRemotes(remotes);
    startSessionSync();
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <App />
        </AppErrorBoundary>
      </StrictMode>,
    );
  } catch (error) {
    console.error('[need40] the shell failed to start', error);
    root.render(<ErrorScreen error={error} />);
  }
}

void main();

/**
 * Start of the shell, after the async boundary (index.ts): design tokens, the runtime config and
 * the remote locations (both fetched in parallel), the session sync, then the first render. An auth
 * error in the address (a used email link) opens the login modal with the backend's message; an
 * email link's code this browser cannot exchange opens it with a note that the address is confirmed.
 */
import '@need40/shared/tokens.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSupabase, loadRuntimeConfig, openAuthModal, startSessionSync } from '@need40/shared';
import { App } from './App';
import { settleAuthCode, takeAuthRedirectError } from './authRedirect';
import { AppErrorBoundary, ErrorScreen } from './components/AppErrorBoundary';
import { configureRemotes } from './federation/loader';
import { fetchRemotesConfig } from './federation/remotes-config';
import { prefetchedConfigFetch } from './federation/prefetch';
import { startErrorReporting } from './release/error-reporter';
import { applyRelease } from './release/resolve-release';
import { yieldToMain } from './federation/yieldToMain';
import { reportWebVitals } from './webVitals';

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // Before the auth client reads the address: a used or expired email link's error goes to the login modal.
  const authError = takeAuthRedirectError();
  if (authError) openAuthModal('login', { error: authError });
  try {
    const [config, remotes] = await Promise.all([loadRuntimeConfig('/config.json', prefetchedConfigFetch), fetchRemotesConfig('/remotes.json')]);
    // The versions this page runs (the release registry, a canary, a tester's override): decided
    // once, kept for the life of the tab.
    configureRemotes(await applyRelease(remotes, config.supabaseUrl));
    startErrorReporting(config.supabaseUrl);
    // Building the Supabase client (auth, realtime) is a long piece of work at a phone's speed: a
    // task of its own, not one with the start of the render. Nothing is lost meanwhile: the session
    // store says "loading" until the client's first auth event either way.
    await yieldToMain();
    startSessionSync();
    settleAuthCode(getSupabase()).catch((error: unknown) => console.error('[need40] could not settle the email link', error));
    await yieldToMain();
    // The HTML already shows the hero: the first render is a transition, rendered in short slices
    // that leave the main thread free between them (total blocking time), not one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppErrorBoundary>
            <App />
          </AppErrorBoundary>
        </StrictMode>,
      ),
    );
    // The product's call: no handler, so nothing is loaded or measured (webVitals.ts).
    void reportWebVitals();
  } catch (error) {
    console.error('[need40] the shell failed to start', error);
    root.render(<ErrorScreen error={error} />);
  }
}

void main();

/**
 * Once per run: build what is missing, serve the shell and the four remotes from their production
 * builds on free ports (same static server and headers as `pnpm start`), start a backend if
 * backend/src/main.ts exists (E2E_BACKEND=0 skips it) whose SITE_URL is the shell, and hand the
 * URLs to the workers.
 * Returns the teardown.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { releaseStoreMounts, startStaticServer } from '../scripts/serve-static.mjs';
import { BACKEND_MAIN, freePort, startBackend, type RunningBackend } from './helpers/backend';
import { ensureBuilt } from './helpers/build';
import { FIRST_SCREEN, REMOTES, ROOT, RUNTIME_DIR, distOf, type RemoteName } from './helpers/paths';
import { writeState } from './helpers/state';

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureBuilt();
  mkdirSync(RUNTIME_DIR, { recursive: true });
  const runDir = mkdtempSync(path.join(RUNTIME_DIR, 'run-'));
  const closers: (() => Promise<void>)[] = [];
  // The release gate's smoke journey points this at the real store; otherwise each run has its own.
  const releaseStore = process.env.E2E_RELEASE_STORE ? path.resolve(process.env.E2E_RELEASE_STORE) : path.join(runDir, 'store');
  mkdirSync(releaseStore, { recursive: true });

  // The shell listens first: the backend must know the product's URL (SITE_URL, as `pnpm start`
  // gives it), so a confirmation link sends the browser back to this shell, where supabase-js
  // exchanges the PKCE code. config.json and remotes.json are read per request, written below.
  const shell = await startStaticServer({
    root: distOf('shell'),
    port: 0,
    files: { '/config.json': path.join(runDir, 'config.json'), '/remotes.json': path.join(runDir, 'remotes.json') },
    // The release store, as `pnpm start` serves it (releases immutable, registry no-cache).
    mounts: releaseStoreMounts(releaseStore),
    // Specs point a remote (or a backend, with its realtime socket) at a server of their own on
    // another port of 127.0.0.1.
    cspExtraOrigins: ['http://127.0.0.1:*', 'ws://127.0.0.1:*'],
  });
  closers.push(() => new Promise((r) => shell.close(() => r())));
  const shellUrl = `http://127.0.0.1:${shell.port}`;

  let backend: RunningBackend | null = null;
  let backendError: string | null = null;
  if (process.env.E2E_BACKEND === '0') backendError = 'E2E_BACKEND=0: no backend in this run';
  else if (!existsSync(BACKEND_MAIN)) backendError = 'backend/src/main.ts does not exist yet';
  else {
    try {
      const port = await freePort();
      // API_EXTERNAL_URL: the links in mails point at this backend, not at the default port.
      backend = await startBackend({ port, env: { SITE_URL: shellUrl, API_EXTERNAL_URL: `http://127.0.0.1:${port}` } });
      closers.push(() => backend!.stop());
    } catch (error) {
      backendError = error instanceof Error ? error.message : String(error);
      console.warn(`[e2e] backend not available: ${backendError.split('\n')[0]}`);
    }
  }
  // Nothing listens on an unused backend port: the page's data calls fail fast, as with a real outage.
  const backendUrl = backend?.url ?? 'http://127.0.0.1:9';

  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTES) {
    const configFile = path.join(runDir, 'config.json');
    const server = await startStaticServer({ root: distOf(name), port: 0, files: { '/config.json': configFile } });
    closers.push(() => new Promise((r) => server.close(() => r())));
    remotes[name] = `http://127.0.0.1:${server.port}/mf-manifest.json`;
  }

  const shellConfig = JSON.parse(readFileSync(path.join(ROOT, 'shell/public/config.json'), 'utf8')) as { supabaseAnonKey: string };
  // siteUrl (share text, emailRedirectTo) is not an allowed redirect of the backend: its email
  // links fall back to SITE_URL, this shell. The campaign's share spec expects this exact value.
  const config = { ...shellConfig, supabaseUrl: backendUrl, siteUrl: 'http://127.0.0.1' };
  writeFileSync(path.join(runDir, 'config.json'), JSON.stringify(config));
  writeFileSync(path.join(runDir, 'remotes.json'), JSON.stringify({ remotes, firstScreen: FIRST_SCREEN, loadTimeoutMs: 8000, retries: 1 }));

  writeState({
    shellUrl,
    remotes,
    backendUrl,
    backendError,
    anonKey: shellConfig.supabaseAnonKey,
    runDir,
    releaseStore,
  });

  return async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    rmSync(runDir, { recursive: true, force: true });
  };
}

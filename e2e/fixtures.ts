/**
 * The suite's test API. Every spec imports `test` and `expect` from here:
 *
 *   import { test, expect } from '../../fixtures';
 *   test('…', async ({ app, page }) => { await app.goto(); await expect(app.slot('gigs')).toHaveAttribute('data-remote-status', 'ready'); });
 *
 * Fixtures:
 *   app      the composed page (shell + remotes served from production builds): goto(hash?),
 *            slot(name), navbar, waitForSlots(); page's baseURL is the shell.
 *   remotes  control(name, mode) → a RemoteServer of that remote only ('ok'|'down'|'hang'|'throw'),
 *            wired in through the page's remotes.json; set({ loadTimeoutMs }) for short timeouts.
 *   consoleMessages  every console message of the page (text), for assertions. Automatic: after
 *            every test it asserts no "Multiple GoTrueClient instances" warning appeared.
 *   backend  the run's real backend ({ url, anonKey }); fails the test if none could start.
 *   fakeSession(user) on app: a signed-in state without a backend (for composition specs).
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { FIRST_SCREEN, MEMBER_REMOTES, distOf, type RemoteName } from './helpers/paths';
import { RemoteServer, type RemoteMode } from './helpers/remote-server';
import { readState, type E2eState } from './helpers/state';

export { expect };
export type { RemoteMode, RemoteName };

export interface RemotesOverrides {
  loadTimeoutMs?: number;
  retries?: number;
  /** The release registry the page reads (helpers/releases.ts makes one per test). */
  registry?: string;
  registryTimeoutMs?: number;
}

export interface RemotesControl {
  /** Serve `name` from a server of this test in `mode` (call before app.goto()). */
  control(name: RemoteName, mode?: RemoteMode): Promise<RemoteServer>;
  /** Override fields of remotes.json for this page, e.g. { loadTimeoutMs: 1500 } or { registry: '/registry/<env>.json' }. */
  set(overrides: RemotesOverrides): Promise<void>;
}

export interface ComposedApp {
  page: Page;
  state: E2eState;
  goto(hash?: string): Promise<void>;
  slot(name: RemoteName): Locator;
  /** Wait until every slot on the page has left 'loading'. */
  waitForSlots(): Promise<void>;
  navbar: Locator;
  /** Seed a signed-in session in localStorage before the page loads (no backend involved). */
  fakeSession(user?: { id?: string; email?: string }): Promise<{ id: string; email: string }>;
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Every console message and page error of `page`, as text, from now on. */
export function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
  page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
  return messages;
}

/** What every test checks of every page it opens: never two Supabase auth clients. */
export function expectOneAuthClient(messages: string[]): void {
  expect(messages.filter((m) => m.includes('Multiple GoTrueClient instances')), 'one Supabase auth client per page').toEqual([]);
}

/**
 * The `app` API over any page of the shell: the fixture's own page, or a second browser's page
 * (`browser.newContext({ baseURL: app.state.shellUrl })`) in a journey with two people.
 */
export function composedApp(page: Page): ComposedApp {
  const state = readState();
  return {
    page,
    state,
    async goto(hash = '') {
      await page.goto(`/${hash}`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    },
    slot: (name) => page.locator(`[data-remote="${name}"]`),
    async waitForSlots() {
      await expect(page.locator('[data-remote-status="loading"]')).toHaveCount(0, { timeout: 20_000 });
    },
    navbar: page.getByRole('navigation', { name: 'Main' }),
    async fakeSession(user = {}) {
      const id = user.id ?? '00000000-0000-4000-8000-0000000000e2';
      const email = user.email ?? 'e2e@example.com';
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: id, email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', iat: now, exp: now + 3600, session_id: 'e2e' };
      const accessToken = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.e2e-unsigned`;
      const session = {
        access_token: accessToken,
        refresh_token: 'e2e-refresh-token',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: now + 3600,
        user: { id, email, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: new Date().toISOString() },
      };
      const key = `sb-${new URL(state.backendUrl).hostname.split('.')[0]}-auth-token`;
      await page.addInitScript(([k, v]) => window.localStorage.setItem(k, v), [key, JSON.stringify(session)] as const);
      return { id, email };
    },
  };
}

export const test = base.extend<{
  app: ComposedApp;
  remotes: RemotesControl;
  consoleMessages: string[];
  backend: { url: string; anonKey: string };
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters
  baseURL: async ({}, use) => {
    await use(readState().shellUrl);
  },

  // Auto: every test of every area also checks that the page never had two auth clients.
  consoleMessages: [
    async ({ page }, use) => {
      const messages = recordConsole(page);
      await use(messages);
      expectOneAuthClient(messages);
    },
    { auto: true },
  ],

  remotes: async ({ page }, use) => {
    const state = readState();
    const servers: RemoteServer[] = [];
    const remotes: Record<string, string> = { ...state.remotes };
    const extra: RemotesOverrides = {};
    let routed = false;
    const route = async () => {
      if (routed) return;
      routed = true;
      await page.route('**/remotes.json', (r) => r.fulfill({ json: { remotes, firstScreen: FIRST_SCREEN, loadTimeoutMs: 8000, retries: 1, ...extra }, headers: { 'Cache-Control': 'no-cache' } }));
    };
    await use({
      async control(name, mode = 'ok') {
        const server = await RemoteServer.start(name, distOf(name), mode);
        servers.push(server);
        remotes[name] = server.manifestUrl;
        await route();
        return server;
      },
      async set(overrides) {
        Object.assign(extra, overrides);
        await route();
      },
    });
    for (const s of servers) await s.close();
  },

  app: async ({ page, consoleMessages: _consoleMessages }, use) => {
    await use(composedApp(page));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters
  backend: async ({}, use) => {
    const state = readState();
    if (state.backendError) throw new Error(`no backend in this run: ${state.backendError}`);
    await use({ url: state.backendUrl, anonKey: state.anonKey });
  },
});

/** Every remote a member's page shows (the operators' console is loaded only for an operator). */
export const ALL_REMOTES = MEMBER_REMOTES;

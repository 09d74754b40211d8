/**
 * The composed page: navbar and every remote slot render from the production builds, the anchors
 * switch sections, and the singletons really are single (one React DOM, one share-scope version
 * of each shared package, one Supabase auth client, one UI store across remotes).
 */
import { test, expect, ALL_REMOTES } from '../../fixtures';

// Signed in (a seeded session): one page load for the navbar, the slots and the anchors.
test('navbar and every remote slot render; the anchors switch sections without a router', async ({ app, page }) => {
  await app.fakeSession();
  await app.goto('#home');
  const nav = app.navbar;
  for (const name of ['Home', 'My Profile', 'About', 'Contact']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Need40 home' })).toBeVisible();

  await app.waitForSlots();
  for (const name of ALL_REMOTES) await expect(app.slot(name)).toHaveAttribute('data-remote-status', 'ready');
  await expect(page.locator('[data-remote-error]')).toHaveCount(0);
  // The connection banner has its place at the top of Home.
  await expect(page.locator('#home [data-slot="connection-banner"]')).toBeAttached();

  // The anchors switch sections without a router.
  await expect(page.locator('#home')).toBeVisible();
  for (const [link, id] of [['About', 'about'], ['Contact', 'contact'], ['My Profile', 'profile'], ['Home', 'home']] as const) {
    await app.navbar.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeVisible();
    for (const other of ['home', 'profile', 'about', 'contact'].filter((s) => s !== id)) await expect(page.locator(`#${other}`)).toBeHidden();
    await expect(app.navbar.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await expect(page.locator('#about')).toBeHidden();
  await page.goto('/#about');
  await expect(page.getByRole('heading', { name: 'About Need40' })).toBeVisible();
  await page.goBack();
  await expect(page.locator('#home')).toBeVisible();
});

test('exactly one React, one copy of each shared package and one Supabase client', async ({ app, page, consoleMessages }) => {
  // Every copy of react-dom registers itself with the devtools hook once: count them.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: unknown) {
        renderers.push(renderer);
        (window as unknown as Record<string, unknown>).__need40Renderers = renderers;
        return renderers.length;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  await app.fakeSession();
  await app.goto('#profile');
  await app.waitForSlots();
  for (const name of ALL_REMOTES) await expect(app.slot(name)).toHaveAttribute('data-remote-status', 'ready');

  const renderers = await page.evaluate(() => {
    const list = ((window as unknown as Record<string, unknown>).__need40Renderers ?? []) as { version?: string }[];
    return list.map((r) => r.version ?? '?');
  });
  expect(renderers).toEqual(['19.3.1']);

  // The federation share scope: one version of each singleton, loaded by the shell only.
  const scope = await page.evaluate(() => {
    type Entry = { from: string; loaded?: boolean; loading?: unknown; lib?: unknown };
    const fed = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> } }).__FEDERATION__;
    const out: Record<string, { versions: string[]; loadedFrom: string[] }> = {};
    for (const instance of Object.values(fed.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
        const o = (out[pkg] ??= { versions: [], loadedFrom: [] });
        for (const [version, entry] of Object.entries(versions)) {
          if (!o.versions.includes(version)) o.versions.push(version);
          if ((entry.loaded || entry.lib) && !o.loadedFrom.includes(entry.from)) o.loadedFrom.push(entry.from);
        }
      }
    }
    return out;
  });
  for (const pkg of ['react', 'react-dom', 'zustand', '@supabase/supabase-js', '@tanstack/react-query', '@need40/shared']) {
    expect(scope[pkg], `${pkg} is in the share scope`).toBeDefined();
    expect(scope[pkg]!.versions, `${pkg}: one version`).toHaveLength(1);
    expect(scope[pkg]!.loadedFrom, `${pkg}: one instance, provided by the shell`).toEqual(['shell']);
  }
  for (const [pkg, info] of Object.entries(scope)) expect(info.versions, `${pkg}: one version`).toHaveLength(1);

  // Open and close a section that uses the client, then check the console.
  await app.navbar.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.locator('#home')).toBeVisible();
  await app.waitForSlots();
  expect(consoleMessages.filter((m) => m.includes('Multiple GoTrueClient instances'))).toEqual([]);
  // Every preload of the first screen is used: each asks for the file as its loader does (CORS or not).
  expect(consoleMessages.filter((m) => m.includes('credentials mode does not match'))).toEqual([]);
});

// Signed out: one page load for the navbar's buttons and the store the remotes share.
test('signed out: Login and Sign Up, no My Profile; one store across remotes: the gigs form asks for login, the auth modal opens', async ({ app, page }) => {
  await app.goto('#home');
  await expect(app.navbar.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(app.navbar.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await expect(app.navbar.getByRole('link', { name: 'My Profile' })).toHaveCount(0);
  await expect(app.slot('profile')).toHaveCount(0);

  await app.waitForSlots();
  const button = app.slot('gigs').getByRole('button', { name: 'Login to Post Gig' });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  // The modal belongs to mf-auth, the button to mf-gigs: one uiStore between them.
  await expect(app.slot('auth').getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

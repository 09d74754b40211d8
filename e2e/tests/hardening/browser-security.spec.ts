/**
 * The browser side under attack (issue 7, point 3), on the composed page against the real backend:
 *   - gig titles, descriptions, skills and profile fields carrying script and HTML payloads render
 *     as text: no payload runs, no element of theirs reaches the DOM;
 *   - profile links with `javascript:` (any case, with whitespace) and `data:` are not clickable;
 *   - the served pages send a Content-Security-Policy and the usual security headers, and the page
 *     works under that policy (no violation reported while everything renders);
 *   - no secret (JWT secret, service_role key, SMTP password) is in any built file.
 */
import { DEV_JWT_SECRET, DEV_SERVICE_ROLE_KEY } from '../../../backend/src/config';
import { findSecrets } from '../../../scripts/check-secrets.mjs';
import { test, expect } from '../../fixtures';
import { REMOTES } from '../../helpers/paths';
import { createConfirmedUser, passwordSession, signIn, type Backend, type TestUser } from '../../helpers/users';

/** Each payload sets window.__pwned when it runs. */
const SCRIPT = '<script>window.__pwned = "script"</script>';
const IMG = '<img src=x onerror="window.__pwned = \'img\'">';
const SVG = '<svg onload="window.__pwned = \'svg\'"></svg>';
const IFRAME = '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>';
const MARKUP = '<b data-injected>bold?</b><a data-injected href="javascript:window.__pwned=\'a\'">click</a>';

async function tokenOf(backend: Backend, user: TestUser): Promise<string> {
  return (await passwordSession(backend, user.email, user.password)).access_token;
}

async function restAs(backend: Backend, token: string, method: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${backend.url}/rest/v1/${path}`, {
    method,
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
}

/** Collects CSP violations and whether any payload ran, from before the page's first script. */
async function watch(page: import('@playwright/test').Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

async function expectNothingRan(page: import('@playwright/test').Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
  await expect(page.locator('[data-injected], iframe, svg[onload], img[onerror], script:not([src])')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i], a[href^=" javascript:" i]')).toHaveCount(0);
}

test('script and HTML payloads in a gig render as text in the grid', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  const token = await tokenOf(backend, user);
  const marker = `xss-${user.id.slice(0, 8)}`;
  const title = `${marker} ${SCRIPT}`;
  await restAs(backend, token, 'POST', 'gigs', {
    title,
    description: `${IMG} ${SVG} ${IFRAME} ${MARKUP}`,
    payment_type: 'hourly',
    rate: 25,
    hours: 3,
    location: 'remote',
    skills: [SCRIPT, IMG, 'plain skill'],
  });

  await watch(page);
  await app.goto(`#home`);
  const card = app.slot('gigs').getByRole('article').filter({ hasText: marker });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toHaveText(title);
  await expect(card).toContainText(IMG);
  await expect(card).toContainText(MARKUP);
  await expect(card.getByText(SCRIPT, { exact: true })).toBeVisible();
  await expect(card.getByText('plain skill', { exact: true })).toBeVisible();
  await expectNothingRan(page);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
});

test('script payloads in profile fields render as text; javascript: and data: links are not clickable', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  const token = await tokenOf(backend, user);
  await restAs(backend, token, 'PATCH', `profiles?id=eq.${user.id}`, {
    full_name: `Mallory ${SCRIPT}`,
    title: IMG,
    bio: `${MARKUP} ${SVG}`,
    skills: [IFRAME, 'Pentesting'],
    timezone: SCRIPT,
    contact_email: 'mallory@example.com',
    contact_phone: IMG,
    linkedin_url: 'javascript:window.__pwned="linkedin"',
    github_url: ' JaVaScRiPt:window.__pwned="github"',
    portfolio: ['data:text/html,<script>parent.__pwned="portfolio"</script>', 'vbscript:msgbox(1)', 'https://example.com/work'],
    experience: [{ title: SCRIPT, company: IMG, startDate: '2020-01', endDate: '2021-01', description: MARKUP }],
  });

  await watch(page);
  await signIn(page, backend, user);
  await app.goto('#home');
  await app.navbar.getByRole('link', { name: 'My Profile', exact: true }).click();
  const profile = app.slot('profile');
  await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  for (const text of [`Mallory ${SCRIPT}`, IMG, IFRAME, 'Pentesting']) await expect(profile.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(profile).toContainText(MARKUP);
  // The unsafe addresses are not links: LinkedIn and GitHub keep their label as plain text, the
  // portfolio shows the address as text; the safe one is a link that opens without an opener.
  await expect(profile.getByRole('link', { name: 'LinkedIn profile' })).toHaveCount(0);
  await expect(profile.getByRole('link', { name: 'GitHub profile' })).toHaveCount(0);
  await expect(profile.getByText('data:text/html,<script>parent.__pwned="portfolio"</script>', { exact: true })).toBeVisible();
  await expect(profile.getByRole('link', { name: /pwned|vbscript/ })).toHaveCount(0);
  await expect(profile.getByRole('link', { name: 'https://example.com/work' })).toHaveAttribute('rel', /noopener/);
  // Clicking where the links would be does nothing.
  await profile.getByText('LinkedIn profile', { exact: true }).click();
  await profile.getByText('GitHub profile', { exact: true }).click();
  await expectNothingRan(page);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
});

test('the pages send a Content-Security-Policy and the usual security headers', async ({ app, request }) => {
  const res = await request.get(`${app.state.shellUrl}/`);
  expect(res.status()).toBe(200);
  const h = res.headers();
  const csp = h['content-security-policy'] ?? '';
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src']).toContain("'self'");
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['script-src']).not.toContain("'unsafe-eval'");
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  // The backend and every remote are allowed by name, nothing else.
  expect(directives['connect-src']).toContain(new URL(app.state.backendUrl).origin);
  // Profile photos are images from the backend's /storage/v1 (plain http here).
  expect(directives['img-src']).toContain(new URL(app.state.backendUrl).origin);
  for (const name of REMOTES) expect(directives['script-src']).toContain(new URL(app.state.remotes[name]!).origin);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['cross-origin-opener-policy']).toBe('same-origin');
  expect(h['permissions-policy']).toContain('camera=()');

  // Every remote's standalone page too.
  for (const name of REMOTES) {
    const page = await request.get(new URL('/', app.state.remotes[name]).href);
    expect(page.headers()['content-security-policy'], name).toContain("object-src 'none'");
    expect(page.headers()['x-content-type-options'], name).toBe('nosniff');
  }
});

test('the page renders everything without a single CSP violation', async ({ app, page }) => {
  await watch(page);
  await app.goto('#home');
  await app.waitForSlots();
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-status', 'ok');
  await app.navbar.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
});

test('no secret is in any built file', async () => {
  const { files, findings } = await findSecrets({
    secrets: [
      { name: 'development JWT secret', value: DEV_JWT_SECRET },
      { name: 'development service_role key', value: DEV_SERVICE_ROLE_KEY },
      ...['JWT_SECRET', 'SERVICE_ROLE_KEY'].flatMap((k) => (process.env[k] ? [{ name: k, value: process.env[k]! }] : [])),
    ],
  });
  expect(files).toBeGreaterThan(20);
  expect(findings).toEqual([]);
});

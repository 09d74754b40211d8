// `node --test scripts/start-env.test.mjs` (part of `pnpm test:scripts`): what `pnpm start` derives
// from BACKEND_PORT, PORT_SHELL, PUBLIC_HOST and the explicit URLs — the backend's environment
// (where mail links point and land) and the shell's config.json move together. That a backend
// started with such an environment writes its links that way is backend/test/auth/mail-links.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { startPlan } from './start-env.mjs';

const root = path.resolve(import.meta.dirname, '..');
const base = JSON.parse(readFileSync(path.join(root, 'shell/public/config.json'), 'utf8'));

test('defaults: the backend at localhost:54321, the shell at localhost:3000', () => {
  const p = startPlan({}, base);
  assert.deepEqual(p.backendEnv, { PORT: '54321', SITE_URL: 'http://localhost:3000', API_EXTERNAL_URL: 'http://localhost:54321' });
  assert.equal(p.config.supabaseUrl, 'http://localhost:54321');
});

test('BACKEND_PORT, PORT_SHELL and PUBLIC_HOST move the backend URL, the site URL and config.json together', () => {
  const plan = startPlan({ BACKEND_PORT: '55432', PORT_SHELL: '4100' }, base);
  // The environment backend/test/auth/mail-links.test.ts starts its backend with.
  assert.deepEqual(plan.backendEnv, { PORT: '55432', SITE_URL: 'http://localhost:4100', API_EXTERNAL_URL: 'http://localhost:55432' });
  assert.equal(plan.config.supabaseUrl, 'http://localhost:55432');
  assert.equal(plan.config.siteUrl, 'http://localhost:4100');
  const host = startPlan({ PUBLIC_HOST: 'need40.test', BACKEND_PORT: '8000' }, base);
  assert.equal(host.backendEnv.API_EXTERNAL_URL, 'http://need40.test:8000');
  assert.equal(host.config.supabaseUrl, 'http://need40.test:8000');
  assert.equal(host.remotes.remotes.gigs, 'http://need40.test:3001/mf-manifest.json');
});

test('an explicit SUPABASE_URL, API_EXTERNAL_URL or SITE_URL wins', () => {
  const proxied = startPlan({ SUPABASE_URL: 'https://api.need40.test', SITE_URL: 'https://need40.test' }, base);
  assert.equal(proxied.backendEnv.API_EXTERNAL_URL, 'https://api.need40.test');
  assert.equal(proxied.backendEnv.SITE_URL, 'https://need40.test');
  const own = startPlan({ SUPABASE_URL: 'https://api.need40.test', API_EXTERNAL_URL: 'https://auth.need40.test' }, base);
  assert.equal(own.backendEnv.API_EXTERNAL_URL, 'https://auth.need40.test');
});

test('the release store: .releases/ served for the registry of production, or RELEASE_STORE and RELEASE_ENV', () => {
  const p = startPlan({}, base);
  assert.equal(p.remotes.registry, '/registry/production.json');
  assert.equal(p.releaseStore, path.join(root, '.releases'));
  const staging = startPlan({ RELEASE_STORE: '/srv/need40-releases', RELEASE_ENV: 'staging' }, base);
  assert.equal(staging.remotes.registry, '/registry/staging.json');
  assert.equal(staging.releaseStore, '/srv/need40-releases');
});

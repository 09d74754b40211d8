// What `pnpm start` (scripts/start.mjs) derives from the environment, in one pure function so a
// test can check it: the ports of the five apps, the backend's port, the runtime files the shell
// reads (config.json, remotes.json) and the environment the backend is started with.
//
// The release store (docs/releasing.md): RELEASE_STORE (a folder; default .releases/ at the
// repository's root) is served by the shell under /releases/ and /registry/, and remotes.json names
// the registry of RELEASE_ENV (default production). With nothing released the registry is absent
// (404) and every remote runs from its own build, as before any release.
//
// The backend gets its public URL (API_EXTERNAL_URL: the base of the links in confirmation and
// recovery mails) and the product's URL (SITE_URL: where those links land) from the same ports the
// browser uses, so a changed BACKEND_PORT or PORT_SHELL moves the links along.
import path from 'node:path';
import { APPS as MANIFEST_APPS, portOf, remotesJson } from './remotes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

const num = (env, ...names) => {
  for (const n of names) if (env[n] && Number(env[n]) > 0) return Number(env[n]);
  return undefined;
};

/**
 * @param {Record<string, string | undefined>} env  process.env or a test's own
 * @param {{ supabaseUrl: string, supabaseAnonKey: string, paypalMeUrl: string }} base  shell/public/config.json
 */
export function startPlan(env, base) {
  const publicHost = env.PUBLIC_HOST ?? 'localhost';
  // The shell first, then the remotes of remotes.manifest.json, with this machine's ports.
  const apps = MANIFEST_APPS.map((a) => ({ pkg: a.package, name: a.name, port: portOf(a, env) }));
  const backendPort = num(env, 'BACKEND_PORT') ?? 54321;
  const siteUrl = env.SITE_URL ?? `http://${publicHost}:${apps[0].port}`;
  // Without SUPABASE_URL the browser reaches the backend where `pnpm start` puts it.
  const supabaseUrl = env.SUPABASE_URL ?? (env.BACKEND_PORT || env.PUBLIC_HOST ? `http://${publicHost}:${backendPort}` : base.supabaseUrl);
  const config = {
    supabaseUrl,
    supabaseAnonKey: env.SUPABASE_ANON_KEY ?? env.ANON_KEY ?? base.supabaseAnonKey,
    siteUrl,
    paypalMeUrl: env.PAYPAL_ME_URL ?? base.paypalMeUrl,
  };
  const portByName = Object.fromEntries(apps.map((a) => [a.name, a.port]));
  const releaseEnv = env.RELEASE_ENV || 'production';
  const remotes = {
    ...remotesJson((a) => env[`REMOTE_${a.name.toUpperCase()}_URL`] ?? `http://${publicHost}:${portByName[a.name]}/mf-manifest.json`),
    registry: `/registry/${releaseEnv}.json`,
  };
  const releaseStore = path.resolve(ROOT, env.RELEASE_STORE || '.releases');
  const backendEnv = {
    PORT: String(backendPort),
    SITE_URL: siteUrl,
    // An explicit API_EXTERNAL_URL wins (a proxy in front of the backend); otherwise the URL the
    // browser uses for the backend, which is also where mail links must point.
    API_EXTERNAL_URL: env.API_EXTERNAL_URL ?? supabaseUrl,
  };
  return { apps, publicHost, backendPort, config, remotes, backendEnv, releaseStore, releaseEnv };
}

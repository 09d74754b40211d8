// Configure a release's static site for one deployment, and write its nginx configuration:
//   node deploy/site/site.mjs --settings site.json [--out /etc/nginx/conf.d/need40.conf]
// 1. shell/config.json (the backend's public URL, the anon key, PayPal) and shell/remotes.json
//    (each remote at /remotes/<name>/mf-manifest.json on the same origin, unless `remotes` in the
//    settings points one elsewhere) in the release's static folder — the shell reads both at run
//    time, nothing is rebuilt; with `releaseStore`, remotes.json names the registry of
//    `releaseEnv` (docs/releasing.md);
// 2. the nginx site (nginx-site.mjs), with the CSP the development server would send for those
//    two files (scripts/serve-static.mjs: one rule for both).
// Settings: site.example.json beside this file (every key explained in docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { remotesJson, SHELL } from '../../scripts/remotes.mjs';
import { contentSecurityPolicy } from '../../scripts/serve-static.mjs';
import { nginxSite } from './nginx-site.mjs';

/** The public https origin of the site. */
export const publicUrl = (settings) => `https://${settings.serverName}${(settings.httpsPort ?? 443) === 443 ? '' : `:${settings.httpsPort}`}`;

/** Write config.json and remotes.json into the shell's folder; returns the nginx site text. */
export async function configureSite(settings) {
  const url = publicUrl(settings);
  const shellDir = path.join(settings.staticRoot, SHELL.package);
  if (!fs.existsSync(path.join(shellDir, 'index.html'))) throw new Error(`${shellDir}/index.html is missing: staticRoot must be a release's static folder`);
  const config = {
    supabaseUrl: url,
    supabaseAnonKey: settings.anonKey,
    siteUrl: url,
    paypalMeUrl: settings.paypalMeUrl ?? 'https://paypal.me/need40',
  };
  if (!config.supabaseAnonKey) throw new Error('settings.anonKey: the anon key (pnpm --filter backend keys) is needed in config.json');
  const remotes = {
    ...remotesJson((app) => settings.remotes?.[app.name] ?? `${url}/remotes/${app.name}/mf-manifest.json`),
    // With a release store the shell runs the versions its environment's registry names (a 404:
    // nothing released yet, every remote from the URL above).
    ...(settings.releaseStore ? { registry: `/registry/${settings.releaseEnv ?? 'production'}.json` } : {}),
  };
  fs.writeFileSync(path.join(shellDir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  fs.writeFileSync(path.join(shellDir, 'remotes.json'), `${JSON.stringify(remotes, null, 2)}\n`);
  const csp = await contentSecurityPolicy(shellDir, settings.cspExtraOrigins ?? []);
  return nginxSite({ ...settings, csp });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const file = arg('settings');
  if (!file) {
    console.error('usage: node deploy/site/site.mjs --settings site.json [--out need40.conf]');
    process.exit(2);
  }
  const site = await configureSite(JSON.parse(fs.readFileSync(file, 'utf8')));
  const out = arg('out');
  if (out) fs.writeFileSync(out, site);
  else process.stdout.write(site);
}

/**
 * The two pages `pnpm bench:lighthouse` audits, served as a visitor gets them:
 *   - composed: the production builds of the shell and the four remotes (scripts/serve-static.mjs,
 *     the headers of `pnpm start`) over a real backend (PGlite) holding a few gigs;
 *   - single: the same source as one bundle (build-single.mjs) over the same backend;
 *   - floor: the shell's own first HTML with every script and preload taken out. No JavaScript of
 *     ours runs, so its TBT is what this machine's Chromium costs on any page (the navigation's
 *     commit and the first layout, ×4): the part of the others' TBT no code change can remove.
 * Ports come from PORT_SHELL, PORT_GIGS, PORT_PROFILE, PORT_CAMPAIGN, PORT_AUTH, PORT_SINGLE and
 * BACKEND_PORT (default: free ones).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer } from '../../scripts/serve-static.mjs';
import { startBackend } from '../helpers/backend';
import { ensureBuilt } from '../helpers/build';
import { RUNTIME_DIR, distOf, packageOf } from '../helpers/paths';
import { createConfirmedUser, json, passwordSession } from '../helpers/users';
// @ts-expect-error -- plain ESM build helper without types
import { buildSingle } from './build-single.mjs';
import { ANON_KEY, HOST, portOf, serveComposed } from './composed-site';


export interface Site {
  composedUrl: string;
  /** '' when started with `single: false`. */
  singleUrl: string;
  floorUrl: string;
  /** Another build of the shell (a directory) over the same remotes and backend: before/after comparisons. */
  serveShell(root: string): Promise<string>;
  /**
   * Another build of the whole page over the same backend: `root` holds `<package>/dist` for the
   * shell and each remote (e.g. an older commit's worktree); an app it lacks is served from this
   * checkout's build. Before/after comparisons of changes in the remotes as well as the shell.
   */
  serveSite(root: string): Promise<string>;
  close(): Promise<void>;
}


/** Six gigs like people post them, so the grid shows cards rather than its empty state. */
async function seedGigs(backendUrl: string): Promise<void> {
  const backend = { url: backendUrl, anonKey: ANON_KEY };
  const user = await createConfirmedUser(backend);
  const session = await passwordSession(backend, user.email, user.password);
  const skills = [['React', 'TypeScript'], ['Figma', 'UX'], ['Node.js', 'PostgreSQL'], ['Copywriting'], ['Python', 'Data'], ['QA', 'Playwright']];
  const rows = skills.map((s, i) => ({
    title: `Gig ${i + 1}: ${s.join(' and ')} help for a small team`,
    description: 'Forty hours of focused work on a well-scoped piece of our product, paid fairly and on time.',
    payment_type: i % 2 ? 'fixed' : 'hourly',
    rate: 45 + i * 5,
    hours: 40,
    location: ['remote', 'hybrid', 'onsite'][i % 3],
    skills: s,
  }));
  await json(
    await fetch(`${backendUrl}/rest/v1/gigs`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(rows),
    }),
    'seed gigs',
  );
}

/** `single: false` skips building the single bundle (a minute of both cores) when no run audits it. */
export async function startSite({ single: withSingle = true }: { single?: boolean } = {}): Promise<Site> {
  ensureBuilt();
  const runDir = path.join(RUNTIME_DIR, 'bench-lighthouse');
  mkdirSync(runDir, { recursive: true });
  if (withSingle) console.log('building the single bundle …');
  const singleDir: string | null = withSingle ? await buildSingle(path.join(runDir, 'single')) : null;

  const closers: (() => Promise<unknown>)[] = [];
  const shellPort = portOf('PORT_SHELL');
  const backendPort = portOf('BACKEND_PORT') || undefined;
  // The shell's URL is known only once it listens; the backend needs it for SITE_URL, which the
  // audited page never follows, so the configured port (or the default) is good enough here.
  // A busy machine can take minutes to migrate a fresh PGlite database: wait longer than the e2e default.
  const backend = await startBackend({ port: backendPort, timeoutMs: 240_000, env: { SITE_URL: `http://${HOST}:${shellPort || 3000}`, LOG_LEVEL: 'warn' } });
  closers.push(() => backend.stop());
  try {
    await seedGigs(backend.url);
    const composed = await serveComposed({ runDir, backendUrl: backend.url, siteUrl: `http://${HOST}:${shellPort || 3000}`, distOf, shellPort });
    closers.push(() => composed.close());
    const { configFile: config, remotesFile } = composed;
    const single = singleDir ? await startStaticServer({ root: singleDir, host: HOST, port: portOf('PORT_SINGLE'), files: { '/config.json': config } }) : null;
    if (single) closers.push(() => new Promise((r) => single.close(r)));
    const floorDir = path.join(runDir, 'floor');
    mkdirSync(floorDir, { recursive: true });
    const shellHtml = readFileSync(path.join(distOf('shell'), 'index.html'), 'utf8');
    writeFileSync(path.join(floorDir, 'index.html'), shellHtml.replace(/<script\b[^>]*>[\s\S]*?<\/script>|<link rel="preload"[^>]*>/g, ''));
    const floor = await startStaticServer({ root: floorDir, host: HOST, port: portOf('PORT_FLOOR') });
    closers.push(() => new Promise((r) => floor.close(r)));
    return {
      floorUrl: `http://${HOST}:${floor.port}/`,
      composedUrl: composed.url,
      singleUrl: single ? `http://${HOST}:${single.port}/` : '',
      serveShell: async (root) => {
        const s = await startStaticServer({ root, host: HOST, port: portOf('PORT_SHELL_B'), files: { '/config.json': config, '/remotes.json': remotesFile } });
        closers.push(() => new Promise((r) => s.close(r)));
        return `http://${HOST}:${s.port}/`;
      },
      serveSite: async (root) => {
        const dir = path.join(runDir, 'site-b');
        mkdirSync(dir, { recursive: true });
        const own = (app: string) => path.join(path.resolve(root), packageOf(app), 'dist');
        const b = await serveComposed({ runDir: dir, backendUrl: backend.url, siteUrl: `http://${HOST}:${shellPort || 3000}`, distOf: (app) => (existsSync(own(app)) ? own(app) : distOf(app)), freePorts: true });
        closers.push(() => b.close());
        return b.url;
      },
      close: async () => {
        for (const c of closers.reverse()) await c();
      },
    };
  } catch (error) {
    for (const c of closers.reverse()) await c();
    throw error;
  }
}

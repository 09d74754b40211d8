/**
 * The composed page as `pnpm start` serves it, for the benchmarks: each remote's production build
 * and the shell's on a static server of their own (scripts/serve-static.mjs), with a config.json
 * pointing at `backendUrl` and a remotes.json listing the remotes' servers.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer } from '../../scripts/serve-static.mjs';
import { REMOTES } from '../helpers/paths';

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const HOST = '127.0.0.1';

export const portOf = (name: string) => Number(process.env[name] ?? 0);

export interface Composed {
  url: string;
  configFile: string;
  remotesFile: string;
  close(): Promise<void>;
}

/**
 * Serve the shell and every remote from `distOf(app)` (a folder per app). `runDir` keeps the
 * config.json and remotes.json; ports from PORT_<APP> (default, and with `freePorts`: free ones), the shell's from `shellPort`.
 */
export async function serveComposed(o: { runDir: string; backendUrl: string; siteUrl: string; distOf: (app: string) => string; shellPort?: number; freePorts?: boolean }): Promise<Composed> {
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c();
  };
  try {
    const configFile = path.join(o.runDir, 'config.json');
    writeFileSync(configFile, JSON.stringify({ supabaseUrl: o.backendUrl, supabaseAnonKey: ANON_KEY, siteUrl: o.siteUrl, paypalMeUrl: 'https://paypal.me/need40' }));
    const remotes: Record<string, string> = {};
    for (const name of REMOTES) {
      const s = await startStaticServer({ root: o.distOf(name), host: HOST, port: o.freePorts ? 0 : portOf(`PORT_${name.toUpperCase()}`), files: { '/config.json': configFile } });
      closers.push(() => new Promise((r) => s.close(r)));
      remotes[name] = `http://${HOST}:${s.port}/mf-manifest.json`;
    }
    const remotesFile = path.join(o.runDir, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify({ remotes }));
    const shell = await startStaticServer({ root: o.distOf('shell'), host: HOST, port: o.shellPort ?? 0, files: { '/config.json': configFile, '/remotes.json': remotesFile } });
    closers.push(() => new Promise((r) => shell.close(r)));
    return { url: `http://${HOST}:${shell.port}/`, configFile, remotesFile, close };
  } catch (error) {
    await close();
    throw error;
  }
}

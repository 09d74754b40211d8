/**
 * A remote served from a server the test controls, to make failures real network behaviour:
 *   'ok'    — the production build (scripts/serve-static.mjs, same headers as `pnpm start`);
 *   'down'  — nothing listens on the port: connection refused;
 *   'hang'  — the port accepts connections and never answers a byte;
 *   'throw' — a broken deployment: the real mf-manifest.json, but a remoteEntry.js whose exposed
 *             component throws while rendering (the remote itself throws; see brokenRemoteEntry).
 * `setRoot(dir)` swaps the deployed files (redeploy) without touching the shell.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createStaticHandler } from '../../scripts/serve-static.mjs';
import { freePort } from './backend';
import type { RemoteName } from './paths';

export type RemoteMode = 'ok' | 'down' | 'hang' | 'throw';

/** The message a broken remote throws; specs look for it in the slot's details. */
export const BROKEN_MESSAGE = 'simulated render crash';

/**
 * A hand-written Module Federation container (the `global` remoteEntry type the manifest names):
 * `init` accepts the share scope, `get(expose)` returns a module whose default component throws.
 */
export function brokenRemoteEntry(name: RemoteName): string {
  return `/* e2e: a deliberately broken deployment of remote "${name}" */
(function () {
  function Broken() { throw new Error(${JSON.stringify(`${name}: ${BROKEN_MESSAGE}`)}); }
  globalThis[${JSON.stringify(name)}] = {
    init: function () { return Promise.resolve(); },
    get: function () { return Promise.resolve(function () { return { __esModule: true, default: Broken }; }); }
  };
})();
`;
}

export class RemoteServer {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  private constructor(
    readonly name: RemoteName,
    readonly port: number,
    private root: string,
    private mode: RemoteMode,
  ) {}

  /** Start on a free port of 127.0.0.1 in the given mode. */
  static async start(name: RemoteName, root: string, mode: RemoteMode = 'ok'): Promise<RemoteServer> {
    const remote = new RemoteServer(name, await freePort(), root, mode);
    await remote.setMode(mode);
    return remote;
  }

  get manifestUrl(): string {
    return `http://127.0.0.1:${this.port}/mf-manifest.json`;
  }

  setRoot(dir: string): void {
    this.root = dir;
  }

  async setMode(mode: RemoteMode): Promise<void> {
    this.mode = mode;
    // Requests left hanging by a previous mode are cut, as a restarted server would.
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (mode === 'down') return this.close();
    if (!this.server) await this.listen();
  }

  private listen(): Promise<void> {
    const serveStatic = createStaticHandler({ root: () => this.root, fallback: null });
    const server = createServer((req, res) => {
      if (this.mode === 'hang') return; // accept, read, never answer
      if (this.mode === 'throw' && req.url?.split('?')[0] === '/remoteEntry.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' });
        res.end(brokenRemoteEntry(this.name));
        return;
      }
      void serveStatic(req, res);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

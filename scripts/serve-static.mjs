// A small static server for the production builds (rspack preview sends no custom headers).
//   - CORS on every response (the shell on :3000 loads remotes from other origins);
//   - `Cache-Control: no-cache` for what must be revalidated on every load (index.html,
//     mf-manifest.json, remoteEntry.js, remotes.json, config.json), `immutable` for content-hashed
//     files; ETag + 304;
//   - gzip when the client accepts it (compressed once per file version, kept in memory);
//   - a Content-Security-Policy and the usual security headers on HTML. The CSP allows the
//     origins listed in the shell's remotes.json and the backend in config.json, read per request
//     so a deployment that replaces those files needs no restart;
//   - `mounts`: other folders under a path prefix, each immutable or no-cache as a whole. The
//     release store is served this way (releaseStoreMounts): /releases/ (published versions, which
//     never change: a year, immutable) and /registry/ (which version each remote runs: no-cache).
//     Nothing whose name starts with a dot is served from a mount (lock and staging files).
//
// Module use: `const server = await startStaticServer({ root, port })`; CLI:
//   node scripts/serve-static.mjs <dir> [port]
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
/** `[name].[contenthash:10].ext` as emitted by scripts/rspack/create-config.mjs (nginx's site uses it too). */
export const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|map|png|jpe?g|svg|webp|avif|woff2?)$/;

/**
 * The security headers of the shell's HTML besides its CSP — one list for this server and the
 * production nginx site (deploy/nginx/site.mjs), so a real host sends what development sends.
 */
export const HTML_SECURITY_HEADERS = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(file) {
  return HASHED.test(path.basename(file)) ? IMMUTABLE : 'no-cache';
}

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The CSP of the shell's HTML: its remotes and its backend, nothing else. The backend is also an
 * image source: profile photos are <img> from its /storage/v1 (`https:` alone left them blocked
 * wherever the backend is plain http, as in development and the e2e run).
 */
export async function contentSecurityPolicy(root, extraOrigins = [], files = {}) {
  const remotes = [];
  const connect = [];
  const images = [];
  try {
    const json = JSON.parse(await readFile(files['/remotes.json'] ?? path.join(root, 'remotes.json'), 'utf8'));
    for (const url of Object.values(json.remotes ?? {})) {
      const o = originOf(url);
      if (o) remotes.push(o);
    }
  } catch {
    /* not the shell, or no remotes.json */
  }
  try {
    const json = JSON.parse(await readFile(files['/config.json'] ?? path.join(root, 'config.json'), 'utf8'));
    const o = originOf(json.supabaseUrl);
    if (o) {
      connect.push(o, o.replace(/^http/, 'ws'));
      images.push(o);
    }
  } catch {
    /* no config.json: the client falls back to built-in values */
    connect.push('http://localhost:54321', 'ws://localhost:54321');
    images.push('http://localhost:54321');
  }
  const r = [...new Set([...remotes, ...extraOrigins])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${r}`,
    `style-src 'self' 'unsafe-inline' ${r}`,
    `img-src 'self' data: blob: https: ${r} ${[...new Set(images)].join(' ')}`,
    `font-src 'self' data: ${r}`,
    `connect-src 'self' ${r} ${[...new Set(connect)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .join('; ');
}

const gzipCache = new Map();

/**
 * The release store's two served folders (docs/releasing.md, "Caching"): a published version's
 * files never change under their URL; the registry must be revalidated on every page load.
 */
export function releaseStoreMounts(store) {
  return [
    { prefix: '/releases/', dir: path.join(store, 'releases'), immutable: true },
    { prefix: '/registry/', dir: path.join(store, 'registry'), immutable: false },
  ];
}

/** The mount serving `pathname` and the file it maps to; null when none; 'forbidden' for a way out or a dot name. */
function mountedFile(mounts, pathname) {
  const mount = mounts.find((m) => pathname.startsWith(m.prefix));
  if (!mount) return null;
  const rest = pathname.slice(mount.prefix.length);
  if (rest.split('/').some((part) => part.startsWith('.'))) return 'forbidden';
  const dir = path.resolve(mount.dir);
  const file = path.join(dir, rest);
  return file.startsWith(dir + path.sep) ? { mount, file } : 'forbidden';
}

/**
 * A request handler serving `root`. Options: `root` (directory or a function returning it, so a
 * test can swap a deployment), `files` ({ '/config.json': absolutePath } served instead of root),
 * `cspExtraOrigins`, `fallback` ('index.html' for unknown paths without an extension), `mounts`
 * ([{ prefix: '/releases/', dir, immutable: true }], see releaseStoreMounts).
 */
export function createStaticHandler({ root, files = {}, mounts = [], cspExtraOrigins = [], fallback = 'index.html' }) {
  const rootOf = typeof root === 'function' ? root : () => root;
  return async function handle(req, res) {
    const base = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': '*',
      // Resource Timing sizes of cross-origin files are visible to the page (the benchmark reads them).
      'Timing-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, base).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...base, Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    const dir = path.resolve(rootOf());
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400, base).end('Bad request');
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const mounted = mountedFile(mounts, pathname);
    let file = mounted && mounted !== 'forbidden' ? mounted.file : (files[pathname] ?? path.join(dir, pathname));
    if (mounted === 'forbidden' || (!mounted && !files[pathname] && !file.startsWith(dir + path.sep))) {
      res.writeHead(403, base).end('Forbidden');
      return;
    }
    let info = await stat(file).catch(() => null);
    if ((!info || !info.isFile()) && fallback && !mounted && !path.extname(pathname)) {
      file = path.join(dir, fallback);
      info = await stat(file).catch(() => null);
    }
    if (!info || !info.isFile()) {
      res.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
      return;
    }
    const ext = path.extname(file).toLowerCase();
    // The inode too: a file replaced by a rename (the registry) within the same millisecond and at
    // the same size is still another file.
    const etag = `W/"${info.ino.toString(16)}-${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers = {
      ...base,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': mounted ? (mounted.mount.immutable ? IMMUTABLE : 'no-cache') : cacheControlFor(file),
      ETag: etag,
      'Last-Modified': info.mtime.toUTCString(),
    };
    if (ext === '.html') {
      Object.assign(headers, { 'Content-Security-Policy': await contentSecurityPolicy(dir, cspExtraOrigins, files), ...HTML_SECURITY_HEADERS });
    }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && info.size > 512;
    if (gzip) {
      const key = `${file}:${etag}`;
      let body = gzipCache.get(key);
      if (!body) {
        body = gzipSync(await readFile(file), { level: 6 });
        gzipCache.set(key, body);
      }
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': info.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}

/** Start a server; resolves once listening. `port: 0` picks a free port (see `server.port`). */
export function startStaticServer({ port = 0, host = '127.0.0.1', ...options }) {
  const server = createServer(createStaticHandler(options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      server.port = typeof address === 'object' && address ? address.port : port;
      resolve(server);
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir = '.', port = '8080'] = process.argv.slice(2);
  const server = await startStaticServer({ root: dir, port: Number(port), host: process.env.HOST ?? 'localhost' });
  console.log(`serving ${path.resolve(dir)} on http://localhost:${server.port}`);
}

// The production nginx site of Need40, generated from remotes.manifest.json and a few settings
// (deploy/site/site.example.json): one https origin serving the shell at /, each remote at
// /remotes/<name>/, and the backend's APIs (/auth/v1, /rest/v1, /storage/v1, /browser/v1, /realtime/v1 as
// WebSockets) proxied to several backend instances. The output is a file for nginx's conf.d (the
// `http` context): upstream, maps and the two server blocks.
//
// Headers, the same rules as the development server (scripts/serve-static.mjs, one list of them):
//   - HTML: the Content-Security-Policy and the security headers; HSTS on every answer;
//   - content-hashed files: `public, max-age=31536000, immutable`; everything else
//     (index.html, mf-manifest.json, remoteEntry.js, remotes.json, config.json): `no-cache`;
//   - the release store (docs/releasing.md, `pnpm release`): /releases/ (published versions, a year,
//     immutable) and /registry/ (which version each remote runs, no-cache) from its folder; its
//     lock and staging files (a path segment starting with a dot) are refused, its history/ is not
//     served — the rules of scripts/serve-static.mjs's releaseStoreMounts;
//   - extra static folders with their own policy;
//   - every answer but a success is `no-cache`: a version published later is not hidden by a
//     cached 404.
// nginx's add_header is not inherited by a location that sets its own, so every location writes
// its whole list; the caching policy is two maps, on the path and the status ($need40_cache_control).
import { HASHED, HTML_SECURITY_HEADERS } from '../../scripts/serve-static.mjs';
import { APPS, SHELL } from '../../scripts/remotes.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The backend's areas; any other path is the static site. */
const API_PREFIXES = ['auth', 'rest', 'storage', 'functions', 'browser'];

/**
 * @typedef {object} SiteSettings
 * @property {string} serverName              the public host name (need40.example)
 * @property {number} [httpsPort]             443
 * @property {number|null} [httpPort]         80, redirected to https; null for none
 * @property {string} [listenAddress]         '' (every address) or one address (127.0.0.1)
 * @property {{certificate: string, key: string}} tls
 * @property {string} staticRoot              the release's static folder: shell/ and one folder per remote package
 * @property {string[]} backends              backend instances, host:port
 * @property {string} [releaseStore]          the release store's folder (RELEASE_STORE of `pnpm release`): served under /releases/ and /registry/
 * @property {string} [releaseEnv]            the environment whose registry the shell reads (default production; site.mjs)
 * @property {{location: string, root: string, cache: 'no-cache'|'immutable'}[]} [extraStatic]
 * @property {string[]} [internal]            addresses that may read /health/ready and /metrics through nginx (default: nobody)
 * @property {string} [clientMaxBodySize]     request bodies (uploads), default 50m
 * @property {number} [hstsMaxAge]            seconds, default two years
 * @property {string} [csp]                   the Content-Security-Policy of the HTML (site.mjs computes it)
 */

const q = (value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`;

const hsts = (settings) => `add_header Strict-Transport-Security ${q(`max-age=${settings.hstsMaxAge ?? 63072000}; includeSubDomains`)} always;`;

/**
 * The headers of every static answer: HSTS, caching (the $need40_cache_control map), CORS (a remote
 * may be loaded from another origin) and the HTML's security headers with its CSP (sent on every
 * static file: browsers apply them to documents and ignore them elsewhere).
 */
function staticHeaders(settings) {
  const all = {
    'Cache-Control': '$need40_cache_control',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': settings.csp ?? "default-src 'self'",
    ...HTML_SECURITY_HEADERS,
  };
  return [hsts(settings), ...Object.entries(all).map(([k, v]) => `add_header ${k} ${v.startsWith('$') ? v : q(v)} always;`)];
}

const indent = (lines, n) => lines.map((l) => (l ? ' '.repeat(n) + l : l)).join('\n');

/** One static folder (`alias` it, or the server's root when null); `extra` lines first (try_files). */
function staticLocation(settings, location, root, extra = []) {
  return [`location ${location} {`, ...(root ? [`  alias ${root.replace(/\/?$/, '/')};`] : []), ...indent([...extra, ...staticHeaders(settings)], 2).split('\n'), '}'];
}

/** The static folders besides the shell and the remotes: the release store's two, then extraStatic. */
function extraFolders(settings) {
  const store = settings.releaseStore?.replace(/\/+$/, '');
  return [
    ...(store
      ? [
          { location: '/releases/', root: `${store}/releases`, cache: 'immutable' },
          { location: '/registry/', root: `${store}/registry`, cache: 'no-cache' },
        ]
      : []),
    ...(settings.extraStatic ?? []),
  ];
}

/**
 * Cache-Control: by path for a success (extra folders by their policy, content-hashed files
 * immutable, the rest revalidated), `no-cache` for any other status.
 */
function cacheMaps(settings) {
  const rule = (re, cache) => `  ${q(`~${re}`)} ${q(cache === 'immutable' ? IMMUTABLE : 'no-cache')};`;
  return [
    'map $uri $need40_cache_by_path {',
    `  default "no-cache";`,
    ...extraFolders(settings).map((x) => rule(`^${x.location.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, x.cache)),
    rule(HASHED.source, 'immutable'),
    '}',
    'map $status $need40_cache_control {',
    '  default "no-cache";',
    '  200 $need40_cache_by_path;',
    '  206 $need40_cache_by_path;',
    '  304 $need40_cache_by_path;',
    '}',
  ];
}

function proxyLines(settings, { websocket = false } = {}) {
  return [
    'proxy_pass http://need40_backends;',
    'proxy_http_version 1.1;',
    `proxy_set_header Connection ${websocket ? '$need40_connection_upgrade' : '""'};`,
    ...(websocket ? ['proxy_set_header Upgrade $http_upgrade;', 'proxy_read_timeout 3600s;', 'proxy_send_timeout 3600s;', 'proxy_buffering off;'] : []),
    'proxy_set_header Host $host;',
    // The client's address for TRUST_PROXY, the scheme for the backend's links, and one request id
    // in nginx's log and the backend's.
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Request-Id $request_id;',
    hsts(settings),
  ];
}

/** @param {SiteSettings} settings */
export function nginxSite(settings) {
  const addr = settings.listenAddress ? `${settings.listenAddress}:` : '';
  const https = settings.httpsPort ?? 443;
  const http = settings.httpPort === undefined ? 80 : settings.httpPort;
  const root = settings.staticRoot.replace(/\/+$/, '');
  const internal = settings.internal ?? [];
  const guarded = (path) => [
    `location = ${path} {`,
    ...internal.map((a) => `  allow ${a};`),
    '  deny all;',
    ...indent(proxyLines(settings), 2).split('\n'),
    '}',
  ];
  const remotes = APPS.filter((a) => a !== SHELL).flatMap((a) => staticLocation(settings, `/remotes/${a.name}/`, `${root}/${a.package}`));
  const extra = extraFolders(settings).flatMap((x) => staticLocation(settings, x.location, x.root));
  // The release store's lock and staging files (a regular-expression location wins over a prefix).
  const hidden = settings.releaseStore ? ['location ~ ^/(releases|registry)/(.*/)?\\. { return 403; }'] : [];
  const server = [
    `listen ${addr}${https} ssl http2;`,
    `server_name ${settings.serverName};`,
    'server_tokens off;',
    `ssl_certificate ${settings.tls.certificate};`,
    `ssl_certificate_key ${settings.tls.key};`,
    'ssl_protocols TLSv1.2 TLSv1.3;',
    'ssl_prefer_server_ciphers off;',
    'ssl_session_cache shared:need40_tls:10m;',
    'ssl_session_timeout 1d;',
    `client_max_body_size ${settings.clientMaxBodySize ?? '50m'};`,
    'gzip on;',
    'gzip_vary on;',
    'gzip_min_length 1024;',
    'gzip_types text/css application/javascript text/javascript application/json image/svg+xml text/plain;',
    'gzip_proxied any;',
    `root ${root}/${SHELL.package};`,
    '',
    `location ~ ^/(${API_PREFIXES.join('|')})/v1/ {`,
    ...indent(proxyLines(settings), 2).split('\n'),
    '}',
    'location /realtime/v1/ {',
    ...indent(proxyLines(settings, { websocket: true }), 2).split('\n'),
    '}',
    'location = /health {',
    ...indent(proxyLines(settings), 2).split('\n'),
    '}',
    ...guarded('/health/ready'),
    ...guarded('/metrics'),
    // The development mailbox holds sign-in links: never through the public proxy.
    'location /_dev/ { return 404; }',
    '',
    ...remotes,
    ...hidden,
    ...extra,
    '',
    // The shell: its hashed files immutable, index.html, config.json, remotes.json and the rest
    // revalidated; an unknown path without an extension is the app (deep links).
    ...staticLocation(settings, '/', null, ['try_files $uri /index.html;']),
  ];
  const upstream = ['upstream need40_backends {', '  least_conn;', ...settings.backends.map((b) => `  server ${b} max_fails=3 fail_timeout=10s;`), '  keepalive 32;', '}'];
  return [
    '# Need40 — generated by deploy/site/site.mjs from remotes.manifest.json; do not edit by hand.',
    ...upstream,
    'map $http_upgrade $need40_connection_upgrade { default upgrade; "" close; }',
    ...cacheMaps(settings),
    ...(http === null ? [] : [`server {`, `  listen ${addr}${http};`, `  server_name ${settings.serverName};`, `  return 301 https://$host${https === 443 ? '' : `:${https}`}$request_uri;`, '}']),
    'server {',
    indent(server, 2),
    '}',
    '',
  ].join('\n');
}

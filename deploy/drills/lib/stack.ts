/**
 * The production stack a drill stands up, the way docs/operations.md tells an operator to: keys
 * from the release's cli/keys.js, /etc/need40/backend.env, backends started from the systemd unit,
 * the nginx site of deploy/site/site.mjs with TLS for need40.test. Shared by drill:deploy and
 * drill:upgrade; every piece is stopped by the drill's cleanups.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configureSite, publicUrl } from '../../site/site.mjs';
import type { Drill } from './drill';
import { createDrillDatabase, type DrillDatabase } from './postgres';
import { readyAt, stopProcess, type Release } from './release';
import { selfSignedCertificate, startNginx, startSmtp, type Certificate, type MailSink } from './services';
import { envFileText, readUnit, runUnit } from './systemd';

export const HOST = 'need40.test';
/**
 * The drill's ports. On a machine shared by several engineers each gives the drill a range of its
 * own: DRILL_PORT_BASE=B takes five ports, B to B+4 — SMTP on B, the backends on B+1 and B+2, the
 * containers on B+3 and B+4, drill:upgrade's previous release on B+4 (that drill runs one
 * container port only) — so two drills run side by side on B and B+5; DRILL_NGINX_PORT_BASE=N puts
 * nginx's HTTP on N and HTTPS on N+3. Unset: 4425, 4401–4402, 4411–4412, 4409; nginx 4480 / 4443.
 */
function drillPorts(env: NodeJS.ProcessEnv = process.env) {
  const number = (name: string) => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    if (!/^\d+$/.test(value) || Number(value) < 1024 || Number(value) > 65_000) throw new Error(`${name}: a port number from 1024 to 65000, not ${JSON.stringify(value)}`);
    return Number(value);
  };
  const base = number('DRILL_PORT_BASE');
  const web = number('DRILL_NGINX_PORT_BASE');
  return {
    backends: base === undefined ? [4401, 4402] : [base + 1, base + 2],
    containers: base === undefined ? [4411, 4412] : [base + 3, base + 4],
    smtp: base === undefined ? 4425 : base,
    previous: base === undefined ? 4409 : base + 4,
    http: web === undefined ? 4480 : web,
    https: web === undefined ? 4443 : web + 3,
  };
}
export const PORTS = drillPorts();
const SITE = { serverName: HOST, httpsPort: PORTS.https, httpPort: PORTS.http, listenAddress: '127.0.0.1' };

/** A scratch folder readable by nginx's workers (www-data), kept when the drill fails. */
export function scratchDir(drill: Drill, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  drill.cleanup('remove the scratch folder (kept on FAIL)', () => {
    if (!drill.failed) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`${drill.name}: logs and files kept in ${dir}`);
  });
  return dir;
}

export interface Stack {
  dir: string;
  origin: string;
  cert: Certificate;
  db: DrillDatabase;
  smtp: MailSink;
  keys: Record<string, string>;
  metricsToken: string;
  /** backend.env without the database URLs. */
  settings: Record<string, string>;
}

/** Certificate, database with its roles, SMTP server and the backend's settings. */
export async function prepareStack(drill: Drill, dir: string, keysTool: string, dbPrefix: string): Promise<Stack> {
  const cert = await drill.step(`a self-signed certificate for ${HOST}`, () => selfSignedCertificate(dir, HOST));
  const db = await drill.step('PostgreSQL: database, owner and app roles (deploy/postgres/roles.sql)', () => createDrillDatabase(dbPrefix), (d) => ({ database: d.name }));
  drill.cleanup('drop the database and its roles', () => db.drop());
  const smtp = await drill.step('a local SMTP server (smtp-server)', () => startSmtp(PORTS.smtp));
  drill.cleanup('stop the SMTP server', () => smtp.stop());
  const keys = await drill.step('keys (cli/keys.js of the release)', () => {
    const out = execFileSync(process.execPath, [keysTool], { encoding: 'utf8' });
    return Object.fromEntries(out.split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])) as Record<string, string>;
  });
  const origin = publicUrl(SITE);
  const metricsToken = randomBytes(16).toString('hex');
  const settings = {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET: keys.JWT_SECRET!,
    ANON_KEY: keys.ANON_KEY!,
    SERVICE_ROLE_KEY: keys.SERVICE_ROLE_KEY!,
    SITE_URL: origin,
    API_EXTERNAL_URL: origin,
    CORS_ORIGINS: origin,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Need40 <no-reply@need40.test>',
    TRUST_PROXY: '127.0.0.1',
    METRICS_TOKEN: metricsToken,
  };
  return { dir, origin, cert, db, smtp, keys, metricsToken, settings };
}

/** /etc/need40/backend.env, then one backend per port from the systemd unit, each until ready. */
export async function startBackends(drill: Drill, stack: Stack, release: Release): Promise<ChildProcess[]> {
  const etc = path.join(stack.dir, 'etc', 'need40');
  fs.mkdirSync(etc, { recursive: true });
  fs.mkdirSync(path.join(stack.dir, 'var', 'lib', 'need40'), { recursive: true });
  fs.writeFileSync(path.join(etc, 'backend.env'), envFileText({ ...stack.settings, DATABASE_URL: stack.db.appUrl, DATABASE_MIGRATION_URL: stack.db.ownerUrl }), { mode: 0o600 });
  const map = { '/srv/need40/current': release.dir, '/etc/need40': etc, '/var/lib/need40': path.join(stack.dir, 'var', 'lib', 'need40') };
  const backends: ChildProcess[] = [];
  drill.cleanup('stop the backends (SIGTERM)', async () => {
    for (const b of backends) await stopProcess(b);
  });
  for (const port of PORTS.backends) {
    const log = path.join(stack.dir, `backend-${port}.log`);
    await drill.step(`need40-backend@${port} (the systemd unit's command) until /health/ready`, async () => {
      const child = runUnit(readUnit('need40-backend@.service', String(port), map), log);
      backends.push(child);
      return readyAt(child, port, log);
    }, (ms) => ({ readyMs: Math.round(ms) }));
  }
  return backends;
}

/**
 * A release store as `pnpm release` leaves it (docs/releasing.md), with nothing released in
 * production: one published file, another environment's registry, a lock and a staging folder
 * (which nginx must refuse) and the history (which it must not serve).
 */
function releaseStore(dir: string): string {
  const store = path.join(dir, 'release-store');
  const files = {
    'releases/gigs/0.0.0+drill/chunk.js': 'export {};\n',
    'releases/gigs/.staging-0.0.1+drill/chunk.js': 'export {};\n',
    'registry/drill.json': '{"revision":1,"remotes":{}}\n',
    'registry/.lock': 'locked\n',
    'history/drill.jsonl': '{}\n',
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(store, file)), { recursive: true });
    fs.writeFileSync(path.join(store, file), text);
  }
  return store;
}

/** The site (config.json, remotes.json, nginx conf) of the release, and nginx serving it. */
export async function startSite(drill: Drill, stack: Stack, release: Release): Promise<void> {
  const conf = path.join(stack.dir, 'need40.conf');
  await drill.step('deploy/site/site.mjs: config.json, remotes.json and the nginx site', async () => {
    const text = await configureSite({
      ...SITE,
      tls: { certificate: stack.cert.certificate, key: stack.cert.key },
      staticRoot: path.join(release.dir, 'static'),
      backends: PORTS.backends.map((p) => `127.0.0.1:${p}`),
      anonKey: stack.keys.ANON_KEY!,
      internal: [],
      releaseStore: releaseStore(stack.dir),
    });
    fs.writeFileSync(conf, text);
  });
  const nginx = await drill.step('nginx -t, then nginx with the site', () => startNginx(path.join(stack.dir, 'nginx'), conf, PORTS.https));
  drill.cleanup('stop nginx', () => nginx.stop());
}

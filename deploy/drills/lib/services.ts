/**
 * What a drill runs beside the backend, each stopped by its cleanup: a self-signed certificate,
 * a local SMTP server that keeps every message (smtp-server and mailparser, nodemailer's
 * maintained pair), and nginx with a generated site (the main file is what Debian's
 * /etc/nginx/nginx.conf provides; the site is deploy/site's output, included unchanged).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ensureNginx } from '../../../scripts/nginx.mjs';
import { until } from './drill';

export interface Certificate {
  certificate: string;
  key: string;
  pem: string;
}

/** A self-signed certificate for `host` (openssl), valid two days. */
export function selfSignedCertificate(dir: string, host: string): Certificate {
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`], { stdio: 'ignore' });
  return { certificate, key, pem: fs.readFileSync(certificate, 'utf8') };
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export interface MailSink {
  url: string;
  messages: Mail[];
  /** The first message to `to` whose subject matches, waiting for it. */
  waitFor(to: string, subject: RegExp | string, timeoutMs?: number): Promise<Mail>;
  stop(): Promise<void>;
}

export async function startSmtp(port: number): Promise<MailSink> {
  const messages: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (m) => {
          const headers: Record<string, string> = {};
          for (const [k, v] of m.headers) headers[k] = typeof v === 'string' ? v : JSON.stringify(v);
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: m.subject ?? '', text: m.text ?? '', headers });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: (to, subject, timeoutMs = 60_000) =>
      until(`a mail "${subject}" to ${to}`, () => messages.find((m) => m.to.includes(to.toLowerCase()) && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject))), timeoutMs),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Nginx {
  stop(): Promise<void>;
}

/** nginx in `dir` (pid, logs, temp files there) serving `siteConf`; `nginx -t` first. */
export async function startNginx(dir: string, siteConf: string, probePort: number): Promise<Nginx> {
  const bin = ensureNginx();
  fs.mkdirSync(dir, { recursive: true });
  const main = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    main,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${siteConf};
}
`,
  );
  execFileSync(bin, ['-p', dir, '-c', main, '-t'], { stdio: 'pipe' });
  const child = spawn(bin, ['-p', dir, '-c', main], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until('nginx listening', () => new Promise<boolean>((resolve) => {
    const req = https.get({ host: '127.0.0.1', port: probePort, path: '/health', rejectUnauthorized: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  }), 20_000, 100);
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET (or POST `post`) through nginx by name (TLS with the drill's certificate; no DNS needed). */
export function httpsGet(port: number, host: string, ca: string, urlPath: string, headers: Record<string, string> = {}, post?: string): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: urlPath, method: post === undefined ? 'GET' : 'POST', servername: host, ca, headers: { host: `${host}:${port}`, ...headers } };
    const req = https.request(options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(post);
  });
}

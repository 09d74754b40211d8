/**
 * nginx (Debian's package) as the reverse proxy in front of backend instances, WebSockets proxied
 * (Upgrade/Connection headers, HTTP/1.1, long read timeout), round-robin over the upstreams. When
 * nginx is missing it is installed with apt-get (root, Debian); nothing is assumed.
 *
 * @example
 *   const proxy = await startNginx(55600, [55601, 55602], dir); … ; await proxy.stop();
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureNginx } from '../../scripts/nginx.mjs';
import { healthy, sleep } from './backend-process';

export { ensureNginx, nginxBinary } from '../../scripts/nginx.mjs';

export function nginxConfig(port: number, upstreams: number[], dir: string): string {
  return `worker_processes 1;
worker_rlimit_nofile 16384;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream backends {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://backends;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      # The client's address for a backend with TRUST_PROXY (per-IP limits see the real client).
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 3600s;
      proxy_buffering off;
    }
  }
}
`;
}

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

export async function startNginx(port: number, upstreams: number[], dir: string): Promise<Proxy> {
  const bin = ensureNginx();
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(port, upstreams, dir));
  const child = spawn(bin, ['-p', dir, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.on('exit', () => child.kill('SIGKILL'));
  for (let i = 0; !(await healthy(port, 250)); i++) {
    if (i > 200 || child.exitCode !== null) throw new Error(`nginx did not start; see ${dir}/error.log`);
    await sleep(25);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM'); // fast shutdown: SIGQUIT would wait for every WebSocket to end
      await exited;
    },
  };
}

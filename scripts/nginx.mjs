// nginx (Debian's package) for the drills and the proxy test: where it is, and installing it with
// apt-get when it is missing (root, or sudo). A plain module so backend drills and tests and the
// deployment drills (deploy/) share it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The installed nginx binary, or null. */
export function nginxBinary() {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(p)) return p;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** apt-get install each Debian package (root, or through sudo); throws with the command that failed. */
export function aptInstall(...packages) {
  const root = process.getuid?.() === 0;
  for (const args of [['apt-get', 'update'], ['apt-get', 'install', '-y', ...packages]]) {
    const [cmd, ...rest] = root ? args : ['sudo', ...args];
    const r = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed (exit ${r.status}); install ${packages.join(' ')} and run again`);
  }
}

/** nginx's binary, installed with apt-get first when missing. */
export function ensureNginx() {
  const found = nginxBinary();
  if (found) return found;
  console.log('nginx not found: installing it (apt-get install -y nginx)');
  aptInstall('nginx');
  const installed = nginxBinary();
  if (!installed) throw new Error('nginx is still missing after apt-get install');
  return installed;
}

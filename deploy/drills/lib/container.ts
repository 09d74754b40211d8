/**
 * The container image of deploy/container/Containerfile, built and run with podman where it can run
 * on this machine. No registry is reachable here, so the base image is made locally: the host's
 * node binary and the shared libraries it and the release's native modules load, busybox for the
 * Containerfile's one RUN line, and a `node` user — the contract of the Containerfile's
 * BASE_IMAGE (node:20-bookworm-slim fulfils it where a registry is reachable).
 *
 * What this host needs (found out here, 2 cores, Debian 12, Firecracker VM): podman 4.3's crun
 * refuses cgroup v1 hybrid mode, so `--runtime runc` (apt-get install runc); raising RLIMIT_NPROC
 * or RLIMIT_NOFILE is not permitted, so the containers get lower limits (CONTAINERS_CONF).
 * Rootless podman works too (checked by hand with a user of its own); the drill runs as root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Podman {
  run(args: string[], options?: { cwd?: string; timeoutMs?: number }): string;
}

/** A podman that can run a container here, or the reason there is none. */
export function podman(dir: string): Podman | string {
  if (spawnSync('sh', ['-c', 'command -v podman && command -v runc'], { stdio: 'ignore' }).status !== 0) return 'podman or runc is not installed (apt-get install podman runc)';
  const conf = path.join(dir, 'containers.conf');
  fs.writeFileSync(conf, '[containers]\ndefault_ulimits = ["nofile=16384:16384", "nproc=4096:4096"]\n');
  const env = { ...process.env, CONTAINERS_CONF: conf };
  const run = (args: string[], options: { cwd?: string; timeoutMs?: number } = {}) =>
    execFileSync('podman', ['--runtime', 'runc', ...args], { env, cwd: options.cwd ?? dir, encoding: 'utf8', timeout: options.timeoutMs ?? 600_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  try {
    run(['info'], { timeoutMs: 60_000 });
  } catch (error) {
    return `podman does not run here: ${(error as Error).message.split('\n')[0]}`;
  }
  return { run };
}

/** The shared libraries `file` loads (ldd's absolute paths: `name => /path (addr)` or `/path (addr)`). */
const libsOf = (file: string) => [...execFileSync('ldd', [file], { encoding: 'utf8' }).matchAll(/^\s*(?:\S+\s+=>\s+)?(\/\S+)\s+\(/gm)].map((m) => m[1]!);

/** The base image: node, its libraries and the release's native modules' libraries, busybox, a node user. */
export function makeBaseImage(p: Podman, dir: string, releaseDir: string, tag: string): void {
  const root = path.join(dir, 'base-rootfs');
  const put = (from: string, to = from) => {
    fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
    fs.copyFileSync(fs.realpathSync(from), path.join(root, to));
  };
  put(process.execPath, '/usr/bin/node');
  const natives = execFileSync('find', [path.join(releaseDir, 'backend', 'node_modules'), '-name', '*.node'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  // Libraries inside the release (sharp's libvips, found through its $ORIGIN run path) ship in the
  // image with the release itself; only the host's go into the base.
  const release = fs.realpathSync(releaseDir);
  const hostLibs = [process.execPath, ...natives].flatMap(libsOf).filter((lib) => !fs.realpathSync(lib).startsWith(`${release}/`));
  for (const lib of new Set(hostLibs)) put(lib);
  put('/bin/busybox');
  fs.mkdirSync(path.join(root, 'usr/local/bin'), { recursive: true });
  fs.symlinkSync('/usr/bin/node', path.join(root, 'usr/local/bin/node'));
  for (const applet of ['sh', 'mkdir', 'chown', 'cat', 'ls']) fs.symlinkSync('busybox', path.join(root, 'bin', applet));
  fs.mkdirSync(path.join(root, 'etc'), { recursive: true });
  fs.writeFileSync(path.join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000:node:/home/node:/bin/sh\n');
  fs.writeFileSync(path.join(root, 'etc/group'), 'root:x:0:\nnode:x:1000:\n');
  for (const d of ['tmp', 'home/node', 'root']) fs.mkdirSync(path.join(root, d), { recursive: true });
  fs.chmodSync(path.join(root, 'tmp'), 0o1777);
  const tar = path.join(dir, 'base.tar');
  execFileSync('tar', ['-C', root, '-cf', tar, '.']);
  p.run(['import', tar, tag]);
}

/** `podman build` of the release folder with the Containerfile it ships. */
export function buildImage(p: Podman, releaseDir: string, baseTag: string, tag: string): void {
  p.run(['build', '--format', 'docker', '--build-arg', `BASE_IMAGE=${baseTag}`, '-f', 'deploy/container/Containerfile', '-t', tag, '.'], { cwd: releaseDir, timeoutMs: 1_200_000 });
}

/**
 * A fresh PostgreSQL cluster for a drill — what "restore onto a new server" means: initdb in a
 * folder of the drill, started on its own port, with none of our roles. Runs the server binaries
 * of the installed PostgreSQL (Debian: /usr/lib/postgresql/<version>/bin) as the `postgres` user
 * when the drill runs as root (PostgreSQL refuses to run as root). Trust authentication on
 * 127.0.0.1 only: a throwaway cluster.
 *
 * @example
 *   const cluster = await freshCluster('/tmp/x/cluster', 4450);
 *   const url = await cluster.createDatabase('restored');   // postgres://postgres@127.0.0.1:4450/restored
 *   … ; await cluster.stop();
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface Cluster {
  url: string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return path.join(root, versions[0]!, 'bin');
}

export async function freshCluster(dir: string, port: number): Promise<Cluster> {
  const bin = binDir();
  fs.mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, cmd), asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
  };
}

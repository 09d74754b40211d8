/**
 * The systemd unit that keeps `release:watch` running in production
 * (deploy/systemd/need40-release-watch.service): its ExecStart, run from a checkout as the unit runs
 * it (with --once added), reads a backend's counts with the service-role key and rolls a failing
 * canary back in the store the environment file names.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { promote, startCanary } from '../src/mutations';
import { updateRegistry } from '../src/writer';
import { folderStoreForTests, ref } from './support';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const UNIT = fs.readFileSync(path.join(ROOT, 'deploy/systemd/need40-release-watch.service'), 'utf8');
const t = folderStoreForTests();

describe('the release:watch systemd unit', () => {
  it('runs the watcher from a checkout: a failing canary is rolled back', async () => {
    const env = 'production';
    await updateRegistry(t.store, env, (d) => promote(d, 'campaign', ref('stable')), { actor: 't', reason: '' });
    await updateRegistry(t.store, env, (d) => startCanary(d, 'campaign', { ...ref('canary', '0.2.0'), percent: 10 }), { actor: 't', reason: '' });
    const seen: string[] = [];
    const backend = http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ loads: 40, errors: 12 }));
    });
    await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
    try {
      const [cmd, ...args] = /^ExecStart=(.*)$/m.exec(UNIT)![1]!.trim().split(/\s+/);
      assert.equal(cmd, '/usr/bin/node');
      const vars = {
        SERVICE_ROLE_KEY: 'service-key', RELEASE_STATS_URL: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`, RELEASE_STORE: t.dir, RELEASE_ENV: env,
      };
      for (const name of Object.keys(vars)) assert.match(UNIT, new RegExp(`^#\\s+${name}=`, 'm'), `the unit documents ${name}`);
      const { stdout } = await promisify(execFile)(process.execPath, [...args, '--once'], { cwd: ROOT, env: { PATH: process.env.PATH, NODE_ENV: 'production', ...vars }, timeout: 180_000 });
      assert.match(stdout, /campaign .*: rolled-back/);
      assert.equal((await t.store.readRegistry(env)).doc.remotes.campaign?.canary, null);
      assert.match(seen[0]!, /^\/browser\/v1\/release-stats\?environment=production&remote=campaign&.* Bearer service-key$/);
    } finally {
      backend.close();
    }
  });
});

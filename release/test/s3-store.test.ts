/**
 * The S3 store against a server that honours S3's conditional writes (fake-s3.ts): a version is
 * never overwritten, the registry swap is refused when the ETag moved, and concurrent writers
 * lose no change.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promote } from '../src/mutations';
import { S3Store } from '../src/store/s3';
import { updateRegistry } from '../src/writer';
import { startFakeS3 } from './fake-s3';
import { ref, tempDir } from './support';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let store: S3Store;
let tmp: ReturnType<typeof tempDir>;
before(async () => {
  s3 = await startFakeS3();
  tmp = tempDir();
  store = S3Store.fromEnv('s3://need40-releases/app', { RELEASE_S3_ENDPOINT: s3.url, AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
});
after(async () => {
  await s3.close();
  tmp.remove();
});

function buildDir(name: string, text: string): string {
  const dir = path.join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), text);
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ text }));
  return dir;
}

describe('S3 store', () => {
  it('publishes a version once and never overwrites it', async () => {
    const v = ref('s3-v').version;
    assert.equal(await store.publishVersion('campaign', v, buildDir('one', 'first')), 'published');
    assert.equal(await store.publishVersion('campaign', v, buildDir('two', 'second')), 'exists');
    assert.equal((await store.readVersionFile('campaign', v, 'remoteEntry.js'))?.toString(), 'first');
    assert.deepEqual(await store.listVersions('campaign'), [v]);
  });

  it('refuses a registry swap against an old ETag', async () => {
    const env = 'cas';
    const stale = await store.readRegistry(env);
    await updateRegistry(store, env, (d) => promote(d, 'gigs', ref('g1')), { actor: 't', reason: 'first' });
    const ok = await store.commitRegistry(env, { ...stale.doc, revision: 1 }, stale.token, { revision: 1, at: '', action: 'promote', remote: 'auth', version: null, from: null, actor: 't', reason: 'late' });
    assert.equal(ok, false);
    const second = await store.readRegistry(env);
    assert.equal(await store.commitRegistry(env, { ...second.doc, revision: 2 }, 'not-the-etag', { revision: 2, at: '', action: 'promote', remote: 'auth', version: null, from: null, actor: 't', reason: 'x' }), false);
  });

  it('eight concurrent writers lose no change and leave a gapless history', async () => {
    const env = 'concurrent';
    const remotes = ['campaign', 'gigs', 'profile', 'auth', 'r4', 'r5', 'r6', 'r7'];
    await Promise.all(
      remotes.map(async (remote) => {
        for (let i = 0; i < 3; i += 1) await updateRegistry(store, env, (d) => promote(d, remote, ref(`${remote}-${i}`)), { actor: remote, reason: `round ${i}` });
      }),
    );
    const { doc } = await store.readRegistry(env);
    assert.equal(doc.revision, 24);
    for (const remote of remotes) assert.equal(doc.remotes[remote]?.current.version, ref(`${remote}-2`).version);
    assert.deepEqual((await store.readHistory(env)).map((h) => h.revision), Array.from({ length: 24 }, (_, i) => i + 1));
  });
});

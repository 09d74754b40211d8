/**
 * The automatic rollback: the verdict on a canary's figures, and the watcher acting through the
 * one writer — rolling back over the threshold with the figures in the history, keeping a healthy
 * canary, and leaving alone a canary that changed while it was being judged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { promote, startCanary } from '../src/mutations';
import { judgeCanary, watchOnce } from '../src/watch';
import { updateRegistry } from '../src/writer';
import { folderStoreForTests, ref } from './support';

const t = folderStoreForTests();

const policy = { threshold: 0.05, minLoads: 20 };

async function withCanary(env: string) {
  await updateRegistry(t.store, env, (d) => promote(d, 'campaign', ref('stable')), { actor: 't', reason: '' });
  await updateRegistry(t.store, env, (d) => startCanary(d, 'campaign', { ...ref('canary', '0.2.0'), percent: 10 }), { actor: 't', reason: '' });
  return ref('canary', '0.2.0').version;
}

describe('verdict', () => {
  it('judges errors over loads against the threshold, once there are enough loads', () => {
    assert.equal(judgeCanary({ loads: 100, errors: 4 }, policy).rollback, false);
    assert.equal(judgeCanary({ loads: 100, errors: 6 }, policy).rollback, true);
    assert.equal(judgeCanary({ loads: 5, errors: 1 }, policy).rollback, false, 'too few loads to judge');
    assert.equal(judgeCanary({ loads: 5, errors: 5 }, policy).rollback, true, 'more errors than the threshold allows for the minimum loads');
    assert.equal(judgeCanary({ loads: 0, errors: 0 }, policy).rollback, false);
    assert.match(judgeCanary({ loads: 40, errors: 12 }, policy).reason, /12 browser error report\(s\) over 40 page load\(s\) of the canary \(30\.0%; threshold 5\.0%, at least 20 loads\)/);
  });
});

describe('watcher', () => {
  it('rolls a failing canary back through the writer, with the figures in the history', async () => {
    const env = 'failing';
    const version = await withCanary(env);
    const actions = await watchOnce(t.store, env, async () => ({ loads: 40, errors: 12 }), policy);
    assert.deepEqual(actions.map((a) => [a.remote, a.version, a.outcome]), [['campaign', version, 'rolled-back']]);
    const { doc } = await t.store.readRegistry(env);
    assert.equal(doc.remotes.campaign?.canary, null);
    assert.equal(doc.remotes.campaign?.current.version, ref('stable').version);
    const last = (await t.store.readHistory(env)).at(-1)!;
    assert.equal(last.action, 'auto-rollback');
    assert.equal(last.from, version);
    assert.equal(last.actor, 'release:watch');
    assert.match(last.reason, /^automatic rollback: 12 browser error report\(s\) over 40 page load\(s\)/);
  });

  it('keeps a healthy canary and writes nothing', async () => {
    const env = 'healthy';
    await withCanary(env);
    const before = (await t.store.readRegistry(env)).doc.revision;
    const actions = await watchOnce(t.store, env, async () => ({ loads: 400, errors: 3 }), policy);
    assert.equal(actions[0]?.outcome, 'kept');
    assert.equal((await t.store.readRegistry(env)).doc.revision, before);
  });

  it('leaves a canary that was promoted while its figures were being read', async () => {
    const env = 'meanwhile';
    const version = await withCanary(env);
    const actions = await watchOnce(
      t.store,
      env,
      async () => {
        // A person promotes the canary between the watcher's read and its write.
        await updateRegistry(t.store, env, (d) => promote(d, 'campaign', ref('canary', '0.2.0')), { actor: 'alice', reason: 'looks fine' });
        return { loads: 40, errors: 12 };
      },
      policy,
    );
    assert.equal(actions[0]?.outcome, 'changed-meanwhile');
    const { doc } = await t.store.readRegistry(env);
    assert.equal(doc.remotes.campaign?.current.version, version, 'the promotion stands');
    assert.equal((await t.store.readHistory(env)).at(-1)?.actor, 'alice');
  });

  it('a stats failure changes nothing', async () => {
    const env = 'no-stats';
    await withCanary(env);
    const actions = await watchOnce(t.store, env, async () => Promise.reject(new Error('backend down')), policy);
    assert.equal(actions[0]?.outcome, 'stats-unavailable');
  });
});

/**
 * The registry writer: compare-and-swap, history, and real concurrent writers (separate processes
 * on one folder store) never losing a change.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import path from 'node:path';
import { promote, rollback, rollbackCanary, startCanary, RefusedChange } from '../src/mutations';
import { FolderStore } from '../src/store/folder';
import { updateRegistry } from '../src/writer';
import { folderStoreForTests, ref } from './support';

const t = folderStoreForTests();

describe('compare-and-swap', () => {
  it('an absent registry reads as empty, revision 0, token null', async () => {
    const { doc, token } = await t.store.readRegistry('cas-empty');
    assert.equal(doc.revision, 0);
    assert.equal(token, null);
    assert.deepEqual(doc.remotes, {});
  });

  it('a commit against a stale token is refused and writes nothing', async () => {
    const env = 'cas-stale';
    const first = await t.store.readRegistry(env);
    await updateRegistry(t.store, env, (d) => promote(d, 'campaign', ref('a')), { actor: 't', reason: 'first' });
    const late = { ...first.doc, revision: 1, remotes: { gigs: { current: ref('g'), previous: null, canary: null } } };
    const ok = await t.store.commitRegistry(env, late, first.token, { revision: 1, at: '', action: 'promote', remote: 'gigs', version: ref('g').version, from: null, actor: 't', reason: 'late' });
    assert.equal(ok, false);
    const { doc } = await t.store.readRegistry(env);
    assert.deepEqual(Object.keys(doc.remotes), ['campaign']);
    assert.equal((await t.store.readHistory(env)).length, 1);
  });

  it('a writer that loses the race applies its change again on top of the winner\'s', async () => {
    const env = 'cas-race';
    // A store whose first swap is preceded by another writer's commit (between read and swap).
    let interfere = true;
    const racing = Object.create(t.store) as FolderStore;
    racing.commitRegistry = async (...args: Parameters<FolderStore['commitRegistry']>) => {
      if (interfere) {
        interfere = false;
        await updateRegistry(t.store, env, (d) => promote(d, 'gigs', ref('theirs')), { actor: 'other', reason: 'fast' });
      }
      return t.store.commitRegistry(...args);
    };
    let applied = 0;
    const done = await updateRegistry(
      racing,
      env,
      (d) => {
        applied += 1;
        return promote(d, 'profile', ref('mine'));
      },
      { actor: 'me', reason: 'slow' },
    );
    assert.equal(applied, 2, 'the change was applied to the fresh document after the lost swap');
    assert.ok(done.remotes.gigs && done.remotes.profile, "both writers' changes are in the registry");
    assert.deepEqual((await t.store.readHistory(env)).map((l) => [l.revision, l.actor]), [[1, 'other'], [2, 'me']]);
  });
});

describe('history', () => {
  it('every change is one line with its revision, action, versions, actor and reason', async () => {
    const env = 'history';
    const a = ref('a');
    const b = ref('b', '0.2.0');
    await updateRegistry(t.store, env, (d) => promote(d, 'campaign', a), { actor: 'alice', reason: 'first release' });
    await updateRegistry(t.store, env, (d) => startCanary(d, 'campaign', { ...b, percent: 10 }), { actor: 'alice', reason: 'try it' });
    await updateRegistry(t.store, env, (d) => rollbackCanary(d, 'campaign', b.version), { actor: 'watch', reason: '5 errors over 40 loads' });
    const lines = await t.store.readHistory(env);
    assert.deepEqual(
      lines.map((l) => [l.revision, l.action, l.version, l.from, l.actor, l.reason]),
      [
        [1, 'promote', a.version, null, 'alice', 'first release'],
        [2, 'canary', b.version, null, 'alice', 'try it'],
        [3, 'auto-rollback', null, b.version, 'watch', '5 errors over 40 loads'],
      ],
    );
    const { doc } = await t.store.readRegistry(env);
    assert.deepEqual(doc.change, lines[2]);
    assert.equal(doc.remotes.campaign?.canary, null);
    assert.equal(doc.remotes.campaign?.current.version, a.version);
  });

  it('a history line lost between the two writes is restored by the next writer', async () => {
    const env = 'history-repair';
    await updateRegistry(t.store, env, (d) => promote(d, 'campaign', ref('a')), { actor: 't', reason: 'one' });
    // A crash after the registry's rename and before the history's append: the line is missing.
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(t.dir, 'history', `${env}.jsonl`), '');
    await updateRegistry(t.store, env, (d) => promote(d, 'campaign', ref('b')), { actor: 't', reason: 'two' });
    assert.deepEqual((await t.store.readHistory(env)).map((l) => [l.revision, l.reason]), [[1, 'one'], [2, 'two']]);
  });
});

describe('mutations', () => {
  it('promote keeps the former current as previous; rollback returns to it and forgets the bad one', async () => {
    const env = 'mut';
    await updateRegistry(t.store, env, (d) => promote(d, 'gigs', ref('1')), { actor: 't', reason: '' });
    await updateRegistry(t.store, env, (d) => promote(d, 'gigs', ref('2')), { actor: 't', reason: '' });
    let doc = await updateRegistry(t.store, env, (d) => rollback(d, 'gigs'), { actor: 't', reason: 'bad' });
    assert.equal(doc.remotes.gigs?.current.version, ref('1').version);
    assert.equal(doc.remotes.gigs?.previous, null);
    await assert.rejects(updateRegistry(t.store, env, (d) => rollback(d, 'gigs'), { actor: 't', reason: '' }), RefusedChange);
    doc = (await t.store.readRegistry(env)).doc;
    assert.equal(doc.revision, 3, 'a refused change writes nothing');
  });

  it('a canary needs a current version, and the automatic rollback only drops the canary it judged', async () => {
    const env = 'mut-canary';
    await assert.rejects(updateRegistry(t.store, env, (d) => startCanary(d, 'auth', { ...ref('c'), percent: 5 }), { actor: 't', reason: '' }), /promote a first version/);
    await updateRegistry(t.store, env, (d) => promote(d, 'auth', ref('a')), { actor: 't', reason: '' });
    await updateRegistry(t.store, env, (d) => startCanary(d, 'auth', { ...ref('c'), percent: 5 }), { actor: 't', reason: '' });
    // Someone promoted the canary meanwhile: the watcher's judgement of it no longer applies.
    await updateRegistry(t.store, env, (d) => promote(d, 'auth', ref('c')), { actor: 't', reason: 'looks fine' });
    await assert.rejects(updateRegistry(t.store, env, (d) => rollbackCanary(d, 'auth', ref('c').version), { actor: 'watch', reason: '' }), /no longer/);
  });
});

describe('concurrent writers', () => {
  it('eight processes promoting at once lose no change and leave a gapless history', async () => {
    const env = 'concurrent';
    const remotes = ['campaign', 'gigs', 'profile', 'auth', 'r4', 'r5', 'r6', 'r7'];
    const rounds = 5;
    const child = path.join(import.meta.dirname, 'fixtures/writer-child.ts');
    await Promise.all(
      remotes.map(
        (remote) =>
          new Promise<void>((resolve, reject) => {
            const p = spawn(process.execPath, ['--import', 'tsx', child, t.dir, env, remote, String(rounds)], { stdio: ['ignore', 'pipe', 'inherit'] });
            p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${remote} writer exited ${code}`))));
          }),
      ),
    );
    const { doc } = await t.store.readRegistry(env);
    assert.equal(doc.revision, remotes.length * rounds);
    for (const remote of remotes) {
      assert.equal(doc.remotes[remote]?.current.version, ref(`${remote}-${rounds - 1}`).version, `${remote}: its last promotion is current`);
      assert.equal(doc.remotes[remote]?.previous?.version, ref(`${remote}-${rounds - 2}`).version);
    }
    const history = await t.store.readHistory(env);
    assert.deepEqual(history.map((l) => l.revision), Array.from({ length: remotes.length * rounds }, (_, i) => i + 1));
    for (const remote of remotes) {
      assert.deepEqual(history.filter((l) => l.remote === remote).map((l) => l.reason), Array.from({ length: rounds }, (_, i) => `round ${i}`));
    }
  });
});

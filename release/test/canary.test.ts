/**
 * Canary assignment: stable per visitor, the share within ±3 points of the asked percentage over
 * 10 000 ids, monotonic when the share grows, independent between remotes and versions.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { canaryBucket, inCanary } from '../src/registry/canary';
import { chooseVersions } from '../src/registry/resolve';
import { emptyRegistry } from '../src/registry/format';
import { ref } from './support';

const ids = Array.from({ length: 10_000 }, () => randomUUID());
// Ids that differ only in their last characters (sequential user ids, anonymous ids from one generator).
const sequential = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const version = ref('canary', '0.2.0').version;

const share = (list: string[], percent: number, remote = 'campaign', v = version) => (100 * list.filter((id) => inCanary(id, remote, v, percent)).length) / list.length;

describe('canary assignment', () => {
  for (const percent of [1, 5, 10, 25, 50, 75, 90]) {
    it(`${percent}% of 10 000 random and 10 000 sequential ids, within ±3 points`, () => {
      for (const list of [ids, sequential]) {
        const got = share(list, percent);
        assert.ok(Math.abs(got - percent) <= 3, `asked ${percent}%, got ${got.toFixed(2)}%`);
      }
    });
  }

  it('is stable: the same id gets the same answer every time', () => {
    for (const id of ids.slice(0, 1000)) {
      assert.equal(inCanary(id, 'campaign', version, 30), inCanary(id, 'campaign', version, 30));
      assert.equal(canaryBucket(id, 'campaign', version), canaryBucket(`${id}`, 'campaign', version));
    }
  });

  it('growing the share keeps everyone who had the canary', () => {
    const at10 = ids.filter((id) => inCanary(id, 'campaign', version, 10));
    assert.ok(at10.every((id) => inCanary(id, 'campaign', version, 50)));
    assert.equal(share(ids, 100), 100);
  });

  it('another remote or another canary version draws another sample', () => {
    const a = new Set(ids.filter((id) => inCanary(id, 'campaign', version, 50)));
    const otherRemote = ids.filter((id) => inCanary(id, 'gigs', version, 50));
    const otherVersion = ids.filter((id) => inCanary(id, 'campaign', ref('next', '0.3.0').version, 50));
    for (const other of [otherRemote, otherVersion]) {
      const overlap = (100 * other.filter((id) => a.has(id)).length) / other.length;
      assert.ok(Math.abs(overlap - 50) <= 3, `independent samples overlap by about half (got ${overlap.toFixed(1)}%)`);
    }
  });

  it('the registry resolves to the canary, the current version or a tester\u2019s override', () => {
    const doc = emptyRegistry('production');
    const current = ref('current');
    doc.remotes.campaign = { current, previous: null, canary: { ...ref('canary', '0.2.0'), percent: 50 } };
    const chosen = ids.slice(0, 2000).map((id) => chooseVersions(doc, id).campaign!);
    const canaryShare = (100 * chosen.filter((c) => c.assignment === 'canary').length) / chosen.length;
    assert.ok(Math.abs(canaryShare - 50) <= 3);
    assert.ok(chosen.every((c) => (c.assignment === 'canary' ? c.version === version : c.version === current.version)));
    const qa = chooseVersions(doc, ids[0]!, { campaign: current.version, gigs: ref('g').version });
    assert.deepEqual(qa.campaign, { version: current.version, integrity: current.integrity, assignment: 'override' });
    assert.deepEqual(qa.gigs, { version: ref('g').version, integrity: null, assignment: 'override' });
  });
});

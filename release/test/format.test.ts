/** The registry's shapes and the QA override's syntax, as both the writer and the shell read them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyRegistry, parseRegistry, RegistryFormatError } from '../src/registry/format';
import { formatOverride, parseOverride } from '../src/registry/override';
import { versionBase } from '../src/registry/resolve';
import { ref } from './support';

/** A document being broken on purpose: any shape goes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;

describe('registry document', () => {
  it('round-trips a well-formed document', () => {
    const doc = { ...emptyRegistry('production'), revision: 3, remotes: { campaign: { current: ref('a'), previous: null, canary: { ...ref('b'), percent: 12.5 } } } };
    assert.deepEqual(parseRegistry(JSON.parse(JSON.stringify(doc))), doc);
  });

  for (const [name, mutate] of [
    ['a version without its content hash', (d: Doc) => (d.remotes.campaign.current.version = '0.1.0')],
    ['a path in a version', (d: Doc) => (d.remotes.campaign.current.version = '../../x+abcdef0123')],
    ['a missing integrity', (d: Doc) => delete d.remotes.campaign.current.integrity],
    ['a canary of 0%', (d: Doc) => (d.remotes.campaign.canary = { ...ref('c'), percent: 0 })],
    ['a canary of 100.001%', (d: Doc) => (d.remotes.campaign.canary = { ...ref('c'), percent: 100.001 })],
    ['a remote name with a slash', (d: Doc) => (d.remotes['a/b'] = d.remotes.campaign)],
    ['another schema', (d: Doc) => (d.schema = 2)],
    ['an environment that climbs out', (d: Doc) => (d.environment = '../prod')],
  ] as const) {
    it(`refuses ${name}`, () => {
      const doc: Doc = { ...emptyRegistry('production'), remotes: { campaign: { current: ref('a'), previous: null, canary: null } } };
      mutate(doc);
      assert.throws(() => parseRegistry(doc), RegistryFormatError);
    });
  }

  it('version folders are plain paths under the store', () => {
    assert.equal(versionBase('https://cdn.test/releases', 'campaign', '0.1.0+abcdef0123'), 'https://cdn.test/releases/campaign/0.1.0+abcdef0123/');
  });
});

describe('QA override syntax', () => {
  it('reads remote@version items, puts back a + decoded to a space, and lists what it refused', () => {
    const v = ref('x').version;
    const r = parseOverride(`campaign@${v.replace('+', ' ')}, gigs@latest,profile@${v},@${v},nonsense`);
    assert.deepEqual(r.versions, { campaign: v, profile: v });
    assert.deepEqual(r.rejected, ['gigs@latest', `@${v}`, 'nonsense']);
    assert.deepEqual(parseOverride(formatOverride({ auth: v })).versions, { auth: v });
    assert.deepEqual(parseOverride('').versions, {});
  });
});

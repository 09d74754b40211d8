/**
 * The gates: shared ranges against the live shell's share-scope.json, exposes against
 * remotes.manifest.json, the contract type check (a component with other props is caught).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import path from 'node:path';
import { checkContract, checkExposes } from '../src/gates/contract';
import { checkShared, type ShellScope } from '../src/gates/shared';
import { remoteApp } from '../src/paths';

const shell: ShellScope = {
  kernel: '1.1.0',
  shared: { react: '19.3.1', 'react/': '19.3.1', zustand: '5.1.0', '@supabase/supabase-js': '2.119.1', '@need40/shared': '1.1.0' },
};

describe('shared gate', () => {
  it('passes ranges the shell satisfies, through a package prefix too (react/jsx-runtime)', () => {
    const r = checkShared({ shared: [{ name: 'react/jsx-runtime', requiredVersion: '^19.3.1' }, { name: '@need40/shared', requiredVersion: '^1.0.0' }] }, shell);
    assert.equal(r.passed, true, r.detail);
  });

  it('refuses a newer kernel minor, another major, and a package the shell does not share', () => {
    const r = checkShared(
      { shared: [{ name: '@need40/shared', requiredVersion: '^1.2.0' }, { name: 'react', requiredVersion: '^20.0.0' }, { name: 'lodash', requiredVersion: '^4.0.0' }] },
      shell,
    );
    assert.equal(r.passed, false);
    assert.match(r.detail, /@need40\/shared \^1\.2\.0: the shell provides 1\.1\.0/);
    assert.match(r.detail, /react \^20\.0\.0: the shell provides 19\.3\.1/);
    assert.match(r.detail, /lodash \^4\.0\.0: the shell does not provide it/);
  });
});

describe('exposes gate', () => {
  it('the exposes of remotes.manifest.json, no more and no less', () => {
    assert.equal(checkExposes(remoteApp('gigs'), { exposes: ['Dashboard', 'GigPage', 'Gigs'] }).passed, true);
    const r = checkExposes(remoteApp('gigs'), { exposes: ['Gigs', 'Extra'] });
    assert.equal(r.passed, false);
    assert.match(r.detail, /missing GigPage, Dashboard|missing Dashboard, GigPage/);
    assert.match(r.detail, /not in remotes.manifest.json: Extra/);
  });
});

describe('contract gate', () => {
  it('a Profile whose props are not ProfileProps fails the type check', { timeout: 120_000 }, async () => {
    const app = { ...remoteApp('profile'), exposes: { './Profile': path.relative(path.resolve(import.meta.dirname, '../../mf-profile'), path.join(import.meta.dirname, 'fixtures/WrongProfile.tsx')), './PublicProfile': './src/app/PublicProfile.tsx' } };
    const r = await checkContract(app);
    assert.equal(r.passed, false);
    assert.match(r.detail, /WrongProfile|ProfileProps|not assignable/);
  });
});

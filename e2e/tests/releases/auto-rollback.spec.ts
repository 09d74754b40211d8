/**
 * The automatic rollback, end to end: a canary version whose component crashes in the browser is
 * given to every visitor; the shell reports each crash with the versions in use and counts each
 * page load of the canary (/browser/v1); one pass of the watcher (release/src/watch.ts, what
 * `pnpm release:watch` runs) reads the figures from the backend, finds errors over loads above
 * the threshold, and rolls the canary back through the one writer, with the figures in the
 * history. The next page load runs the previous version again.
 */
import { backendStats, watchOnce } from '@need40/release';
import { DEV_SERVICE_ROLE_KEY } from '../../../backend/src/config';
import { test, expect } from '../../fixtures';
import { buildRemoteVariant, editFile } from '../../helpers/redeploy';
import { canaryIn, promoteIn, publish, publishLocal, releaseStore, useRegistry } from '../../helpers/releases';
import { freshLoad, loadedVersion } from './support';

const CRASH = 'canary crash for the automatic rollback';

test('a canary that crashes in browsers is rolled back on its own, with the reason in the history', async ({ app, remotes, backend, page }) => {
  test.setTimeout(180_000);
  const crashing = await publish(
    'campaign',
    buildRemoteVariant({
      remote: 'campaign',
      tag: 'crash',
      edit: (dir) => {
        editFile(dir, 'package.json', '"version": "0.1.0"', '"version": "0.3.0"');
        editFile(dir, 'src/app/Campaign.tsx', 'export default function Campaign() {', `export default function Campaign() {\n  if (typeof window !== 'undefined') throw new Error(${JSON.stringify(CRASH)});`);
      },
    }),
  );
  const current = await publishLocal('campaign');
  // A loaded machine can take longer than the default 8 s to load a remote: this test is about a crash.
  await remotes.set({ loadTimeoutMs: 30_000 });
  const env = await useRegistry(remotes);
  await promoteIn(env, current);
  await canaryIn(env, crashing, 100);

  for (let i = 0; i < 3; i += 1) {
    await freshLoad(app);
    await expect(app.slot('campaign')).toHaveAttribute('data-remote-status', 'error', { timeout: 30_000 });
    await expect(app.slot('campaign').getByRole('alert')).toContainText('stopped working');
  }
  const stats = backendStats(backend.url, DEV_SERVICE_ROLE_KEY);
  // The reports are sent with keepalive as the page goes on: wait until the backend has counted them.
  await expect.poll(async () => (await stats(env, 'campaign', crashing.version)).loads, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await expect.poll(async () => (await stats(env, 'campaign', crashing.version)).errors, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

  const actions = await watchOnce(releaseStore(), env, stats, { threshold: 0.5, minLoads: 3 });
  expect(actions.map((a) => [a.remote, a.version, a.outcome])).toEqual([['campaign', crashing.version, 'rolled-back']]);
  const history = await releaseStore().readHistory(env);
  expect(history.at(-1)).toMatchObject({ action: 'auto-rollback', remote: 'campaign', from: crashing.version, version: null, actor: 'release:watch' });
  expect(history.at(-1)?.reason).toMatch(/^automatic rollback: \d+ browser error report\(s\) over \d+ page load\(s\) of the canary/);

  await freshLoad(app);
  await expect(app.slot('campaign')).toHaveAttribute('data-remote-status', 'ready', { timeout: 30_000 });
  expect(await loadedVersion(page, 'campaign')).toBe(current.version);
});

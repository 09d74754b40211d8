/**
 * The smoke journey on the composed page with released versions — the promotion gate of
 * `pnpm release:promote` / `release:canary` (release/src/gates/smoke.ts) and part of every run.
 *   E2E_SMOKE=<remote>@<version> (set by the gate, with E2E_RELEASE_STORE=<the store>): the page
 *   runs that version through the QA override, everything else as built here;
 *   otherwise: every remote's own build is published to the run's store and the page runs all
 *   four from it (the path every released version takes: /releases/, integrity, manifests there).
 */
import { formatOverride, OVERRIDE_PARAM } from '@need40/release/registry';
import { test, expect, ALL_REMOTES } from '../../fixtures';
import { publishLocal, useRegistry } from '../../helpers/releases';
import { smokeJourney } from './support';

test('the smoke journey passes with the version under test on the composed page', async ({ app, remotes, page, consoleMessages }) => {
  test.setTimeout(120_000);
  const candidate = process.env.E2E_SMOKE;
  let versions: Record<string, string>;
  if (candidate) {
    const [remote, version] = candidate.split('@') as [string, string];
    versions = { [remote]: version };
  } else {
    versions = {};
    for (const remote of ALL_REMOTES) versions[remote] = (await publishLocal(remote)).version;
  }
  await useRegistry(remotes);
  const query = `?${OVERRIDE_PARAM}=${encodeURIComponent(formatOverride(versions))}`;
  await smokeJourney(app, query, versions);
  const banner = page.getByTestId('qa-override');
  for (const [remote, version] of Object.entries(versions)) await expect(banner).toContainText(`${remote} ${version}`);
  expect(consoleMessages.filter((m) => m.startsWith('pageerror:')), 'no uncaught error').toEqual([]);
});

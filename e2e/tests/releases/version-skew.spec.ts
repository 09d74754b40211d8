/**
 * The version-skew matrix (docs/releasing.md, "What the e2e suite proves"): the shell as built
 * here with released versions of a remote it was not built with.
 *   N−1 and N+1 of two remotes, built from changed source: campaign (first screen: prefetched by
 *   public/prefetch.js, its entry preloaded with its integrity hash; its N−1 also built against the
 *   previous kernel minor, 1.0.0) and auth (loaded later, on intent, by the federation runtime
 *   alone). Those are the two ways a remote reaches the page; gigs loads like campaign and profile
 *   like auth, through the same loader, kernel check and release resolution, and each remote's own
 *   build is run from the store by smoke.spec.ts.
 *   A kernel-incompatible version: the gate refuses it; made live anyway, its slot says so.
 * Every test has a registry of its own (helpers/releases.ts useRegistry).
 */
import { test, expect, ALL_REMOTES, type ComposedApp } from '../../fixtures';
import { checkShared, readShellScope } from '@need40/release';
import { distOf } from '../../helpers/paths';
import { buildRemoteVariant } from '../../helpers/redeploy';
import { markedVariant, markerOf, promoteIn, publish, publishLocal, useRegistry } from '../../helpers/releases';
import { freshLoad, loadedVersion, markers, ready } from './support';

/** Open the page so that `remote` is loaded (auth loads on intent: open the login dialog). */
async function load(app: ComposedApp, remote: string): Promise<void> {
  await freshLoad(app);
  await app.waitForSlots();
  if (remote === 'auth') {
    await app.navbar.getByRole('button', { name: 'Login' }).click();
    await expect(app.page.getByRole('dialog')).toContainText('Welcome Back');
  }
  for (const slot of new Set([remote, 'campaign', 'gigs'])) await ready(app, slot);
}

for (const remote of ['campaign', 'auth']) {
  test(`${remote} N−1 and N+1, built from changed source, run with this shell`, async ({ app, remotes, page }) => {
    test.setTimeout(180_000);
    const previous = await publish(remote, markedVariant(remote, 'N-1', '0.0.9', remote === 'campaign' ? '1.0.0' : undefined));
    const next = await publish(remote, markedVariant(remote, 'N+1', '0.2.0'));
    const current = await publishLocal(remote);
    if (remote === 'campaign') {
      // N−1 was built when the kernel was 1.0.0: it asks for ^1.0.0, which this shell's 1.1.x satisfies.
      expect(previous.shared.find((s) => s.name === '@need40/shared')?.requiredVersion).toBe('^1.0.0');
    }
    const env = await useRegistry(remotes);
    for (const [info, label] of [[previous, 'N-1'], [current, null], [next, 'N+1']] as const) {
      await promoteIn(env, info);
      await load(app, remote);
      expect(await loadedVersion(page, remote)).toBe(info.version);
      expect(await markers(page)).toEqual(label ? [markerOf(remote, label)] : []);
      await expect(page.locator('[data-remote-error]')).toHaveCount(0);
    }
  });
}

test('a kernel-incompatible version: the gate refuses it, and made live anyway its slot says so', async ({ app, remotes, page }) => {
  test.setTimeout(180_000);
  // The same build (tag) as kernel-mismatch.spec.ts: built once per run.
  const incompatible = await publish('campaign', buildRemoteVariant({ remote: 'campaign', tag: 'kernel2', kernelVersion: '2.0.0' }));
  const gate = checkShared(incompatible, await readShellScope(distOf('shell')));
  expect(gate.passed).toBe(false);
  expect(gate.detail).toMatch(/@need40\/shared \^2\.0\.0: the shell provides 1\.\d+\.\d+/);

  const env = await useRegistry(remotes);
  await promoteIn(env, incompatible); // past the gates, as a hand-edited registry would be
  await app.goto('#home');
  const slot = app.slot('campaign');
  await expect(slot).toHaveAttribute('data-remote-status', 'error');
  await expect(slot.getByRole('alert')).toHaveAttribute('data-remote-error', 'kernel');
  await expect(slot.getByText('The Need40 campaign is not compatible with this page.')).toBeVisible();
  await expect(app.slot('gigs')).toHaveAttribute('data-remote-status', 'ready');
  expect(await page.evaluate(() => typeof (window as unknown as { campaign?: { init?: unknown } }).campaign?.init)).toBe('undefined');
  for (const other of ALL_REMOTES.filter((r) => r !== 'campaign' && r !== 'auth' && r !== 'profile')) await expect(app.slot(other)).toHaveAttribute('data-remote-status', 'ready');
});

/**
 * Build "version 2" of mf-campaign for the redeploy spec: a copy of its source in e2e/.runtime
 * where the exposed ./Campaign renders a visible banner above the real component, built with the
 * same rspack config factory (new content hashes, same remote name and contract).
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, RUNTIME_DIR } from './paths';
import { readState } from './state';

export const REDEPLOY_MARKER = 'Campaign v2 redeployed on its own';

export function buildRedeployedCampaign(): string {
  const src = path.join(ROOT, 'mf-campaign');
  // Inside the run's scratch directory, which the global teardown removes.
  const dir = path.join(readState().runDir ?? RUNTIME_DIR, `redeploy-campaign-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const part of ['src', 'public', 'package.json']) cpSync(path.join(src, part), path.join(dir, part), { recursive: true });
  symlinkSync(path.join(src, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  renameSync(path.join(dir, 'src/app/Campaign.tsx'), path.join(dir, 'src/app/CampaignV1.tsx'));
  writeFileSync(
    path.join(dir, 'src/app/Campaign.tsx'),
    `import CampaignV1 from './CampaignV1';\n\nexport default function Campaign() {\n  return (\n    <>\n      <p data-testid="redeploy-marker">${REDEPLOY_MARKER}</p>\n      <CampaignV1 />\n    </>\n  );\n}\n`,
  );
  const factory = path.join(ROOT, 'scripts/rspack/create-config.mjs');
  writeFileSync(
    path.join(dir, 'rspack.config.mjs'),
    `import { rspack } from '@rspack/core';\nimport { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';\nimport { createAppConfig } from ${JSON.stringify(factory)};\nexport default createAppConfig({ rspack, ModuleFederationPlugin, name: 'campaign', dir: import.meta.dirname, port: 3003, exposes: { './Campaign': './src/app/Campaign.tsx' } });\n`,
  );
  const cli = path.join(src, 'node_modules/@rspack/cli/bin/rspack.js');
  const r = spawnSync(process.execPath, [cli, 'build', '--mode', 'production'], { cwd: dir, stdio: 'pipe', encoding: 'utf8' });
  const out = path.join(dir, 'dist');
  if (r.status !== 0 || !existsSync(path.join(out, 'mf-manifest.json'))) throw new Error(`redeploy build failed:\n${r.stdout}\n${r.stderr}`);
  return out;
}

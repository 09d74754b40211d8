// `pnpm test`: every package's unit tests (one package at a time: the machine is small), then the
// Playwright suite against the production builds. Exits non-zero if either fails; both always run
// so one report shows everything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['unit tests', ['-r', '--no-bail', '--workspace-concurrency=1', '--if-present', '--filter', '!e2e', 'test']],
  ['end-to-end tests (Playwright)', ['--filter', 'e2e', 'test']],
];
const failed = [];
for (const [label, argv] of steps) {
  console.log(`\n▶ ${label}: pnpm ${argv.join(' ')}\n`);
  const r = spawnSync('pnpm', argv, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed.push(`${label} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\n✓ all tests passed');

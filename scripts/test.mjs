// `pnpm test`: the script tests (each forbidden import is reported: scripts/lint-rules.test.mjs; what
// `pnpm start` derives from its environment: scripts/start-env.test.mjs),
// every package's unit tests (one package at a time: the machine is small), the
// backend's tests once more on PostgreSQL when TEST_DATABASE_URL names a server (CI sets it; without
// it the step is reported as not run, and fails under CI), then the Playwright suite against the
// production builds. Exits non-zero if any fails; all always run so one report shows everything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const postgres = process.env.TEST_DATABASE_URL;
const steps = [
  ['script tests', ['test:scripts'], {}],
  ['unit tests', ['-r', '--no-bail', '--workspace-concurrency=1', '--if-present', '--filter', '!e2e', 'test'], {}],
  ['backend tests on PostgreSQL', ['--filter', 'backend', 'test'], { TEST_DB: 'postgres' }],
  ['end-to-end tests (Playwright)', ['--filter', 'e2e', 'test'], {}],
];
const failed = [];
const notRun = [];
for (const [label, argv, env] of steps) {
  if (env.TEST_DB === 'postgres' && !postgres) {
    const why = 'TEST_DATABASE_URL is not set (an admin URL of a PostgreSQL 15+ server, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)';
    console.log(`\n▶ ${label}: not run: ${why}\n`);
    if (process.env.CI) failed.push(`${label} (${why})`);
    else notRun.push(label);
    continue;
  }
  console.log(`\n▶ ${label}: pnpm ${argv.join(' ')}\n`);
  const r = spawnSync('pnpm', argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failed.push(`${label} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(notRun.length ? `\n✓ all tests that ran passed (not run: ${notRun.join(', ')})` : '\n✓ all tests passed');

// `pnpm test`: the static checks (ESLint with the import graph, TypeScript in every package — a
// red typecheck once slipped through a green suite — and the generated database types and
// supabase/schema.sql against the migrations), the script tests (each forbidden import is reported: scripts/lint-rules.test.mjs; what
// `pnpm start` derives from its environment: scripts/start-env.test.mjs),
// the unit tests of every frontend package (one vitest run), the backend's tests on PGlite, the
// backend's tests once more on PostgreSQL when TEST_DATABASE_URL names a server (CI sets it; without
// it the step is reported as not run, and fails under CI), then the Playwright suite against the
// production builds. Exits non-zero if any fails; all always run so one report shows everything.
// Ends with the failures of each failed phase (CI keeps only the log's tail, where a long e2e phase
// would otherwise push a backend failure out of sight), then each phase's wall time (and as one JSON
// line), so a slow CI run shows where it went.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const postgres = process.env.TEST_DATABASE_URL;
const steps = [
  ['lint (ESLint and the import graph)', ['lint'], {}],
  ['typecheck (every package)', ['typecheck'], {}],
  // The database types and supabase/schema.sql must be what the migrations give (`pnpm gen`).
  ['generated files match the migrations', ['gen:check'], {}],
  ['script tests', ['test:scripts'], {}],
  // One vitest run over every frontend package (vitest.config.mjs lists them as projects).
  ['unit tests of the frontend packages', ['test:front'], {}],
  ['backend tests on PGlite', ['--filter', 'backend', 'test'], {}],
  ['backend tests on PostgreSQL', ['--filter', 'backend', 'test'], { TEST_DB: 'postgres' }],
  // With a PostgreSQL server (CI), the browsers' backends run on it (e2e/helpers/backend.ts): the
  // same suite, with the database's work off the backend's one thread. Without one, on PGlite.
  ['end-to-end tests (Playwright)', ['--filter', 'e2e', 'test'], postgres ? { E2E_DATABASE_URL: postgres } : {}],
];
const failed = [];
const excerpts = [];
const notRun = [];

/** Runs one phase, streaming its output as it comes and keeping its lines for the failure summary. */
function run(argv, env) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', argv, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const lines = [];
    let partial = '';
    const keep = (chunk) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (lines.push(line) > 200_000) lines.shift();
    };
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), keep(chunk)));
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), keep(chunk)));
    child.on('close', (status, signal) => resolve({ status, signal, lines: partial ? [...lines, partial] : lines }));
  });
}

// vitest marks a failed file "FAIL" and a failed test "×"; Playwright "✘" and its closing list
// "[chromium] ›" under "N failed"/"N flaky"; those come first, then what tsc, ESLint and assertions
// print ("error", "Error:"). Colour codes are taken out first.
const NAMED = /(^|\s)(FAIL|×|✘|✗)\s|^\s+\d+ (failed|flaky)|^\s+\[chromium\] ›/;
const CAUSE = /\berror\b|AssertionError|Error:/;
function failureLines(lines) {
  // eslint-disable-next-line no-control-regex
  const plain = lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trimEnd().slice(0, 300));
  const hits = [...new Set([...plain.filter((l) => NAMED.test(l)), ...plain.filter((l) => !NAMED.test(l) && CAUSE.test(l))])];
  return hits.length > 60 ? [...hits.slice(0, 60), `… and ${hits.length - 60} more`] : hits.length ? hits : plain.slice(-20);
}
const timings = [];
const started = performance.now();
for (const [label, argv, env] of steps) {
  if (env.TEST_DB === 'postgres' && !postgres) {
    const why = 'TEST_DATABASE_URL is not set (an admin URL of a PostgreSQL 15+ server, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)';
    console.log(`\n▶ ${label}: not run: ${why}\n`);
    if (process.env.CI) failed.push(`${label} (${why})`);
    else notRun.push(label);
    timings.push({ phase: label, seconds: null, result: 'not run' });
    continue;
  }
  console.log(`\n▶ ${label}: pnpm ${argv.join(' ')}\n`);
  const t0 = performance.now();
  const r = await run(argv, env);
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  timings.push({ phase: label, seconds, result: r.status === 0 ? 'passed' : 'failed' });
  if (r.status !== 0) {
    failed.push(`${label} (exit ${r.status ?? r.signal})`);
    excerpts.push({ label, lines: failureLines(r.lines) });
  }
}
if (excerpts.length) {
  console.log('\nwhat failed (the lines of each failed phase that name a failure):');
  for (const { label, lines } of excerpts) {
    console.log(`  ── ${label}`);
    for (const line of lines) console.log(`  ${line}`);
  }
}
const total = Math.round((performance.now() - started) / 100) / 10;
const clock = (s) => (s === null ? '—' : `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, '0')}`);
console.log('\nphase times (wall clock, m:ss):');
for (const t of timings) console.log(`  ${clock(t.seconds).padStart(6)}  ${t.phase} (${t.result})`);
console.log(`  ${clock(total).padStart(6)}  total`);
console.log(JSON.stringify({ phases: timings, totalSeconds: total }));
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(notRun.length ? `\n✓ all tests that ran passed (not run: ${notRun.join(', ')})` : '\n✓ all tests passed');

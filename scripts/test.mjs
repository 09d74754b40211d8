// `pnpm test`: the static checks (ESLint with the import graph, TypeScript in every package — a
// red typecheck once slipped through a green suite — and the generated database types and
// supabase/schema.sql against the migrations), the script tests (each forbidden import is reported: scripts/lint-rules.test.mjs; what
// `pnpm start` derives from its environment: scripts/start-env.test.mjs),
// the unit tests of every frontend package (one vitest run), the backend's tests on PGlite, the
// backend's tests once more on PostgreSQL when TEST_DATABASE_URL names a server (CI sets it; without
// it the step is reported as not run, and fails under CI), then the Playwright suite against the
// production builds (built in the first group of phases, which run two at a time: below). Exits
// non-zero if any fails; all always run so one report shows everything.
// Ends with the failures of each failed phase (CI keeps only the log's tail, where a long e2e phase
// would otherwise push a backend failure out of sight), then each phase's wall time (and as one JSON
// line), so a slow CI run shows where it went.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const postgres = process.env.TEST_DATABASE_URL;
// Each step: [label, pnpm arguments, environment, group]. Steps of the group 'side by side' run
// SIDE_BY_SIDE at a time: ESLint, the generated-file check and most script tests keep one core
// busy, so one after the other they left the second core idle (measured figures: docs/testing.md).
// Their output is held and printed whole when each ends, so no two phases' lines interleave.
// The later phases each use both cores (two test workers), and run one after the other, streaming.
const SIDE = 'side by side';
const SIDE_BY_SIDE = 2;
const steps = [
  ['typecheck (every package)', ['typecheck'], {}, SIDE],
  ['lint (ESLint and the import graph)', ['lint'], {}, SIDE],
  // The database types and supabase/schema.sql must be what the migrations give (`pnpm gen`).
  ['generated files match the migrations', ['gen:check'], {}, SIDE],
  ['script tests', ['test:scripts'], {}, SIDE],
  // The production bundles the e2e phase runs against (its global setup builds only what is
  // missing or older than its sources, so it finds these fresh).
  ['production builds of the shell and remotes', ['--filter', './shell', '--filter', './mf-*', 'build'], {}, SIDE],
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

/**
 * Runs one phase, keeping its lines for the failure summary. Its output streams as it comes, or,
 * with `hold`, is printed whole when it ends (a phase running beside another).
 */
function run(argv, env, hold = false) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', argv, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const lines = [];
    const held = [];
    let partial = '';
    const keep = (chunk) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (lines.push(line) > 200_000) lines.shift();
    };
    const out = (stream) => (chunk) => {
      if (hold) held.push(chunk);
      else stream.write(chunk);
      keep(chunk);
    };
    child.stdout.on('data', out(process.stdout));
    child.stderr.on('data', out(process.stderr));
    child.on('close', (status, signal) => resolve({ status, signal, held: Buffer.concat(held), lines: partial ? [...lines, partial] : lines }));
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
const clock = (s) => (s === null ? '—' : `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, '0')}`);

/** Runs one step (a phase) and records its time and result; `hold` as in run(). */
async function phase([label, argv, env], hold) {
  const index = steps.findIndex((step) => step[0] === label);
  if (env.TEST_DB === 'postgres' && !postgres) {
    const why = 'TEST_DATABASE_URL is not set (an admin URL of a PostgreSQL 15+ server, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)';
    console.log(`\n▶ ${label}: not run: ${why}\n`);
    if (process.env.CI) failed.push(`${label} (${why})`);
    else notRun.push(label);
    timings[index] = { phase: label, seconds: null, result: 'not run' };
    return;
  }
  console.log(`\n▶ ${label}: pnpm ${argv.join(' ')}${hold ? ' (beside other phases: its output follows when it ends)' : ''}\n`);
  const t0 = performance.now();
  const r = await run(argv, env, hold);
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  const result = r.status === 0 ? 'passed' : 'failed';
  timings[index] = { phase: label, seconds, result };
  if (hold) {
    console.log(`\n▼ ${label}: its output\n`);
    process.stdout.write(r.held);
    console.log(`\n◀ ${label}: ${result} in ${clock(seconds)}\n`);
  }
  if (r.status !== 0) {
    failed.push(`${label} (exit ${r.status ?? r.signal})`);
    excerpts.push({ label, lines: failureLines(r.lines) });
  }
}

/** Runs `group` with at most `width` phases at a time, each taking the next step as one ends. */
async function sideBySide(group, width) {
  const queue = [...group];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await phase(step, true);
  };
  await Promise.all(Array.from({ length: Math.min(width, queue.length) }, lane));
}

for (let i = 0; i < steps.length; ) {
  const group = steps[i][3];
  if (!group) {
    await phase(steps[i++], false);
    continue;
  }
  const members = [];
  while (i < steps.length && steps[i][3] === group) members.push(steps[i++]);
  await sideBySide(members, SIDE_BY_SIDE);
}
if (excerpts.length) {
  console.log('\nwhat failed (the lines of each failed phase that name a failure):');
  for (const { label, lines } of excerpts) {
    console.log(`  ── ${label}`);
    for (const line of lines) console.log(`  ${line}`);
  }
}
const total = Math.round((performance.now() - started) / 100) / 10;
console.log('\nphase times (wall clock, m:ss):');
for (const t of timings) console.log(`  ${clock(t.seconds).padStart(6)}  ${t.phase} (${t.result})`);
console.log(`  ${clock(total).padStart(6)}  total`);
console.log(JSON.stringify({ phases: timings, totalSeconds: total }));
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(notRun.length ? `\n✓ all tests that ran passed (not run: ${notRun.join(', ')})` : '\n✓ all tests passed');

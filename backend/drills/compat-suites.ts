/**
 * pnpm compat:suites — postgrest-js's and auth-js's own test suites (from supabase-js) run against
 * this backend, with the settings their own configuration gives PostgREST and GoTrue
 * (compat-suites-setup.ts), and the figures printed: tests passed, failed and skipped per suite,
 * and each failure's name and first line.
 *
 * The suites expect the Supabase CLI's local stack at 127.0.0.1:54321; here each suite gets a
 * fresh backend on a free port (a scratch PostgreSQL database, or PGlite in a temporary
 * directory) behind a small proxy that does what the CLI's gateway does for them: a request
 * without an apikey goes through as anon. The suites' sources are taken from a supabase-js git
 * repository (`--supabase-js`, or SUPABASE_JS_REPO), their test tools installed once with npm under
 * backend/.compat-suites/.
 *
 *   pnpm compat:suites [--suites=postgrest-js,auth-js] [--db=postgres|pglite] [--supabase-js=<repo>] [--rev=HEAD] [--only=<jest name pattern>]
 *   --serve: start the (first) suite's backend and gateway and wait, for a look by hand; --verbose: jest's own output;
 *   --trace: the gateway logs each request to backend/.compat-suites/gateway-trace.log.
 *   PostgreSQL admin URL: TEST_DATABASE_URL (or BENCH_DATABASE_URL); without one, PGlite.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEV_ANON_KEY } from '../src/config-defaults';
import { BACKEND_DIR, freePort, scratchDatabase, startBackend } from './backend-process';
import { authSetup, postgrestSetup, prepareWorkdir, rewriteUrls, type SuiteSetup } from './compat-suites-setup';

const args = Object.fromEntries(process.argv.slice(2).map((a) => { const [k, v = 'true'] = a.replace(/^--/, '').split('='); return [k!, v]; }));
const SUITES = (args.suites ?? 'postgrest-js,auth-js').split(',');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const DB = (args.db ?? (ADMIN_URL ? 'postgres' : 'pglite')) as 'postgres' | 'pglite';
const REPO = args['supabase-js'] ?? process.env.SUPABASE_JS_REPO ?? '/work/.mirror/supabase+supabase-js/repo';
const WORK = path.join(BACKEND_DIR, '.compat-suites');
const RESULTS_DIR = path.join(BACKEND_DIR, 'drills', 'results');

/** --trace: each request through the gateway, one line (status, method, path, Prefer, Accept). */
const trace = args.trace ? path.join(WORK, 'gateway-trace.log') : undefined;

/** The local gateway's part: a request without an apikey is let through as anon (when `anonKey`). */
function gateway(port: number, target: number, anonKey: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const headers: http.IncomingHttpHeaders = { ...req.headers, host: `127.0.0.1:${target}` };
    if (anonKey && !headers.apikey) headers.apikey = anonKey;
    // A fresh connection each time (agent: false): a kept-alive one the backend has since closed
    // would fail the next request with a reset that no test is about.
    const upstream = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers, agent: false }, (answer) => {
      if (trace) fs.appendFileSync(trace, `${answer.statusCode} ${req.method} ${req.url} prefer=${headers.prefer ?? ''} accept=${headers.accept ?? ''}\n`);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (trace) fs.appendFileSync(trace, `502 ${req.method} ${req.url} ${error.message}\n`);
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  // The suites' fetch keeps connections open between tests; do not close them under it.
  server.keepAliveTimeout = 120_000;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

interface Outcome {
  suite: string;
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  failures: { file: string; test: string; message: string }[];
}

async function runJest(suite: SuiteSetup): Promise<Outcome> {
  const out = path.join(WORK, `${suite.name}.json`);
  fs.rmSync(out, { force: true });
  const config = {
    rootDir: suite.dir,
    testEnvironment: 'node',
    prettierPath: null,
    transform: { '^.+\\.tsx?$': [path.join(WORK, 'node_modules/ts-jest'), { tsconfig: path.join(suite.dir, 'tsconfig.test.json'), diagnostics: false }] },
    ...suite.jest,
  };
  const jestArgs = [path.join(WORK, 'node_modules/jest/bin/jest.js'), '--ci', '--json', `--outputFile=${out}`, '--config', JSON.stringify(config), '--forceExit'];
  if (args.only) jestArgs.push('-t', args.only);
  // Not spawnSync: the gateway in this process must keep answering while jest runs.
  const jest = spawn(process.execPath, jestArgs, { cwd: suite.dir, stdio: ['ignore', 'ignore', args.verbose ? 'inherit' : 'ignore'], env: { ...process.env, NODE_OPTIONS: '--experimental-websocket' } });
  await new Promise((resolve) => jest.once('exit', resolve));
  if (!fs.existsSync(out)) throw new Error(`jest wrote no results for ${suite.name} (run with --verbose)`);
  const r = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    numTotalTests: number; numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number;
    testResults: { name: string; message: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  };
  const failures = r.testResults.flatMap((file) => {
    const rel = path.relative(suite.dir, file.name);
    const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => ({ file: rel, test: t.fullName, message: firstLine(t.failureMessages[0] ?? '') }));
    // A file that did not run at all (it failed to compile or to import) counts as one failure.
    return tests.length || !file.message || file.assertionResults.length ? tests : [{ file: rel, test: '(the file did not run)', message: firstLine(file.message) }];
  });
  return { suite: suite.name, total: r.numTotalTests, passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests, failures };
}

// eslint-disable-next-line no-control-regex
const firstLine = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 3).join(' | ').slice(0, 300);

async function database(): Promise<{ env: Record<string, string>; hasPostgis: boolean; drop: () => Promise<void> }> {
  if (DB === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-suites-'));
    return { env: { DATA_DIR: dir }, hasPostgis: false, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (!ADMIN_URL) throw new Error('--db=postgres needs TEST_DATABASE_URL (an admin URL)');
  const scratch = await scratchDatabase(ADMIN_URL, 'need40_suites');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const { rowCount } = await client.query("select 1 from pg_available_extensions where name = 'postgis'");
  await client.end();
  return { env: { DATABASE_URL: scratch.url }, hasPostgis: (rowCount ?? 0) > 0, drop: scratch.drop };
}

async function runSuite(name: string): Promise<Outcome> {
  const db = await database();
  const port = await freePort();
  const backendPort = await freePort();
  const suite = name === 'postgrest-js' ? postgrestSetup(WORK, DEV_ANON_KEY, db.hasPostgis) : authSetup(WORK, port);
  rewriteUrls(path.join(suite.dir, 'test'), /(localhost|127\.0\.0\.1):54321/g, `127.0.0.1:${port}`);
  const logFile = path.join(WORK, `${name}-backend.log`);
  fs.rmSync(logFile, { force: true });
  const be = await startBackend({ entry: 'tsx', port: backendPort, logFile, timeoutMs: 180_000, env: { ...db.env, ...suite.env, APP_MIGRATIONS_DIR: suite.appMigrations, LOG_LEVEL: 'warn' } });
  const proxy = await gateway(port, backendPort, suite.anonKey);
  try {
    if (args.serve) {
      // Keep the suite's backend up for a look by hand (curl, a single jest file) until Ctrl-C.
      console.log(`${name}: the suite's backend at http://127.0.0.1:${port} (log: ${logFile}); Ctrl-C ends it`);
      await new Promise(() => undefined);
    }
    return await runJest(suite);
  } finally {
    proxy.close();
    await be.kill('SIGTERM');
    await db.drop();
  }
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  let commit = args.rev ?? 'HEAD';
  for (const name of SUITES) {
    // Fresh sources for each suite: their URLs are rewritten to this run's port.
    commit = prepareWorkdir(WORK, REPO, commit);
    const o = await runSuite(name);
    outcomes.push(o);
    console.log(`\n${o.suite} (${DB}): ${o.passed} passed, ${o.failed} failed, ${o.skipped} skipped of ${o.total}`);
    for (const f of o.failures) console.log(`  ✗ ${f.file} › ${f.test}\n      ${f.message}`);
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `compat-suites-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), supabaseJs: commit, db: DB, outcomes }, null, 2));
  console.log(`\nsupabase-js ${commit.slice(0, 12)}; results: ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

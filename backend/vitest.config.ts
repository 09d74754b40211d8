import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The platform's tests live in one place, test/ (next to the harness); a test file under src/ would
// be a second place, so it is refused here rather than silently run or silently skipped. The app's
// SQL is tested beside it, in supabase/tests/ (docs/testing.md has the rule): those files run in
// this same run — one global setup, one template, both databases — and take the harness from
// `backend/test/…` (this package's exports).
const strays = readdirSync(new URL('./src', import.meta.url), { recursive: true }).filter((f) => String(f).endsWith('.test.ts'));
if (strays.length) throw new Error(`backend tests belong in backend/test/, not src/: ${strays.join(', ')}`);

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', '../supabase/tests/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // In CI a failed test runs once more, like the e2e suite's retry: one slow moment on a shared
    // machine should not sink a run. A test that needed it is named at the end (flaky-reporter.ts).
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './test/flaky-reporter.ts'],
    // A file's backend (PGlite from the migrated template, users, storage's policies) starts in a few
    // seconds on a quiet machine, but CI runs two files at once beside builds: starts of 50-60 s were
    // seen there, so the start gets two minutes before it counts as a failure.
    hookTimeout: 120_000,
    // Each file gets its own in-memory database; keep parallelism modest on 2 cores.
    maxWorkers: 2,
    // Each worker imports the backend (fastify, PGlite, the app) once and runs file after file on it:
    // importing it anew per file was a third of the suite's time. It is safe because every file
    // builds its own app and database through the harness, and no test changes process-wide state
    // (process.env, fake timers, global stubs): each app's clock is its own (advanceClock).
    isolate: false,
  },
});

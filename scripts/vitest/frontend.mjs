// The vitest configuration of every remote and of @need40/ui (each package's vitest.config.ts
// re-exports it): happy-dom, jest-dom matchers from src/test/setup.ts, mocks restored per test.
// pool 'vmThreads': each test file runs in a fresh VM context (its own modules and happy-dom
// window, as before) inside a worker thread that stays up, instead of a new process per file
// ('forks', the default), which spent most of the run starting processes, setting up happy-dom
// and importing: mf-gigs' 36 files at load average ~9 took 163 s wall and 126 s of CPU, 45 s and
// 37 s in VM contexts. (mf-admin keeps 'forks': its vitest.config.ts says why.)
export default {
  test: {
    environment: 'happy-dom',
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Form tests type whole profiles with user-event; on a loaded 2-core machine one took 8.8 s.
    // A generous limit keeps a slow machine from failing a correct test (timing is not asserted).
    testTimeout: 20_000,
    // CSS Modules resolve to stable, readable class names so tests never depend on hashes.
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'non-scoped' } },
  },
};

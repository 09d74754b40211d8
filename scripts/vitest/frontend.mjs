// The vitest configuration of every remote and of @need40/ui (each package's vitest.config.ts
// re-exports it): happy-dom, jest-dom matchers from src/test/setup.ts, mocks restored per test.
export default {
  test: {
    environment: 'happy-dom',
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

// The vitest configuration of every remote and of @need40/ui (each package's vitest.config.ts
// re-exports it): happy-dom, jest-dom matchers from src/test/setup.ts, mocks restored per test.
export default {
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // CSS Modules resolve to stable, readable class names so tests never depend on hashes.
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'non-scoped' } },
  },
};

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // A fresh VM context per file in workers that stay up (why: scripts/vitest/frontend.mjs).
    pool: 'vmThreads',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    passWithNoTests: true,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

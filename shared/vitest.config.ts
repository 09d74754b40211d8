import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A fresh VM context per file in workers that stay up (why: scripts/vitest/frontend.mjs).
  test: { environment: 'happy-dom', pool: 'vmThreads', include: ['src/**/*.test.{ts,tsx}'] },
});

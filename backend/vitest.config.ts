import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Backend tests live in one place, test/ (next to the harness); a test file under src/ would be a
// second place, so it is refused here rather than silently run or silently skipped.
const strays = readdirSync(new URL('./src', import.meta.url), { recursive: true }).filter((f) => String(f).endsWith('.test.ts'));
if (strays.length) throw new Error(`backend tests belong in backend/test/, not src/: ${strays.join(', ')}`);

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own in-memory database; keep parallelism modest on 2 cores.
    maxWorkers: 2,
  },
});

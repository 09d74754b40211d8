import { defineConfig, devices } from '@playwright/test';

const CI = !!process.env.CI;
// Debian's /usr/bin/chromium, the project's browser. CHROMIUM_PATH may name another build of it:
// Debian's chromium-headless-shell (/usr/lib/chromium/chromium-headless-shell, what Playwright runs
// headless by default) ran the whole suite in 0.70 of the wall time (docs/testing.md).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // A small machine shared with other builds: few workers, generous timeouts.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot.
    // The trace's filmstrip is left out: it is a screencast of every frame the page paints,
    // JPEG-encoded all along for every test, passed or not, on a machine short of CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // baseURL comes from the fixtures (global setup picks free ports).
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
});

import { defineConfig } from 'vitest/config';

// The app server's unit tests (templates, links, words). Its behaviour over HTTP is tested through
// the real backend in supabase/tests, beside the app's SQL (the harness loads this package as APP_SERVER).
export default defineConfig({
  test: { environment: 'node', include: ['test/**/*.test.ts'] },
});

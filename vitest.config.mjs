// `pnpm test:front`: the unit tests of every frontend package (each directory with a vitest
// config: shared, ui, the shell, the remotes) in one vitest run, each with its own config. One run
// starts vitest once instead of once per package and keeps both workers busy across packages. The
// backend runs apart (`pnpm --filter backend test`): its own global setup, and a PostgreSQL pass.
export default {
  test: {
    projects: ['*/vitest.config.{ts,mjs}', '!backend/vitest.config.ts'],
    maxWorkers: 2,
  },
};

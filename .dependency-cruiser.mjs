/**
 * The import graph check of `pnpm lint` (dependency-cruiser) over the backend, the shell, the
 * kernel, the UI primitives and every remote. A circle of imports that exist at run time fails the
 * lint: module initialisation order then depends on who is imported first. A circle made only with
 * `import type` (erased by TypeScript) is reported as a warning, to be untangled but harmless at
 * run time. The boundaries between packages and between features stay in eslint.config.js (its
 * zones, proved by scripts/lint-rules.test.mjs).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module imports itself back through other modules at run time: move what both need into a module of its own.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-types',
      severity: 'error',
      comment: 'A circle closed only by type imports: harmless at run time, but the types belong in a module of their own (as rest/schema-types.ts, rest/query-types.ts).',
      from: {},
      to: { circular: true, via: { dependencyTypes: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};

// Lint rules that keep the package graph of ARCHITECTURE.md true:
//   shell → remotes (only through Module Federation, at run time) → shared; backend alone.
// A package never reaches into another by a relative path, remotes never import each other,
// the frontends never import node: modules, and the backend never touches window/document.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['mf-gigs', 'mf-profile', 'mf-campaign', 'mf-auth'];
const frontends = ['shell', ...remotes, 'shared', 'ui'];

/** Import patterns a package may not use: every other package by path, and shared's insides. */
function forbiddenFor(pkg) {
  const others = [...frontends, 'backend', 'e2e'].filter((p) => p !== pkg);
  const patterns = [
    // A relative path into another package (`../mf-gigs/src/…`) or its bare workspace name. (A
    // gitignore-style `**/shared/**` group would also match `@need40/shared`, the allowed way in.)
    ...others.map((p) => ({ regex: `^(?:(?:\\.\\./)+(?:[^/]+/)*${p}|${p})(?:/|$)`, message: `${pkg} may not import ${p}: see ARCHITECTURE.md (package graph).` })),
    { group: ['@need40/shared/src/**', '@need40/shared/*', '!@need40/shared/tokens.css', '!@need40/shared/standalone'], message: 'Import @need40/shared through its package exports only.' },
  ];
  if (pkg !== 'backend' && pkg !== 'e2e') {
    patterns.push({ group: ['node:*'], message: 'Browser code may not import Node built-ins.' });
    patterns.push({ group: ['backend', 'backend/**', '@electric-sql/*', 'pg', 'fastify'], message: 'The frontend talks to the backend only through @supabase/supabase-js.' });
  }
  return patterns;
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '**/.data*/**', '**/test-results/**', '**/playwright-report/**', 'e2e/.runtime/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...frontends.map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx}`],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: forbiddenFor(pkg) }],
    },
  })),
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: forbiddenFor('backend') }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage'],
    },
  },
  {
    // Plain scripts a browser loads as they are (e.g. shell/public/prefetch-remotes.js).
    files: ['*/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.{js,mjs}', '**/rspack.config.*', '**/*.config.{js,ts,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

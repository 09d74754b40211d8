// Lint rules that keep the package graph of ARCHITECTURE.md true:
//   shell → remotes (only through Module Federation, at run time) → shared (the kernel) and ui;
//   backend alone. scripts/lint-rules.test.mjs proves each forbidden kind of import is reported.
// A package never reaches into another by a relative path, remotes never import each other, a
// remote's features never import each other, the frontends never import node: modules, the
// backend never touches window/document nor any @need40/* package, and backend/src/rest and
// backend/src/auth never import each other. Only @need40/shared creates the Supabase client.
// SQL on an auth table stays in backend/src/auth/store/ (scripts/auth-sql-rule.mjs), and no app
// table is named in backend/src at all (scripts/app-table-rule.mjs): the app's server side lives in
// app-server/, which reaches the platform only through backend/platform.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { appTableSelectors } from './scripts/app-table-rule.mjs';
import { authSqlSelectors } from './scripts/auth-sql-rule.mjs';
import { REMOTES, SHELL } from './scripts/remotes.mjs';

const remotes = REMOTES.map((r) => r.package);
/** Unit tests and their helpers (the only files that may use `@need40/shared/testing`). */
const TEST_FILES = ['**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}', 'src/test-setup.ts', 'src/testing/**/*.{ts,tsx}'];
const frontends = [SHELL.package, ...remotes, 'shared', 'ui'];

/**
 * Import patterns a package may not use: every other package by path, and shared's insides. The
 * kernel's fake client (`@need40/shared/testing`) is for tests only.
 */
function forbiddenFor(pkg, { tests = false } = {}) {
  // supabase/ holds the app's SQL and its tests: nothing imports them (the tests import the harness).
  const others = [...frontends, 'backend', 'app-server', 'e2e', 'supabase'].filter((p) => p !== pkg);
  const patterns = [
    // A relative path into another package (`../mf-gigs/src/…`) or its bare workspace name. (A
    // gitignore-style `**/shared/**` group would also match `@need40/shared`, the allowed way in.)
    // supabase/ only by a path into it: a sibling module named supabase (shared/src/supabase.ts) is not it.
    ...others.map((p) => ({ regex: `^(?:(?:\\.\\./)+(?:[^/]+/)*${p}|${p})(?:/${p === 'supabase' ? '' : '|$'})`, message: `${pkg} may not import ${p}: see ARCHITECTURE.md (package graph).` })),
    { group: ['@need40/shared/src/**', '@need40/shared/*', '!@need40/shared/tokens.css', '!@need40/shared/standalone', '!@need40/shared/package.json', '!@need40/shared/testing'], message: 'Import @need40/shared through its package exports only.' },
    { group: ['@need40/ui/*'], message: 'Import @need40/ui by its package name only.' },
  ];
  if (!tests) patterns.push({ group: ['@need40/shared/testing'], message: '@need40/shared/testing (the fake Supabase client) is for unit tests only.' });
  if (pkg === 'backend') patterns.push({ group: ['@need40/*', '@need40/**'], message: 'The backend imports no frontend package (@need40/*).' });
  // The primitives stay a leaf: no kernel, so a remote can take a new @need40/ui alone.
  if (pkg === 'ui') patterns.push({ group: ['@need40/*'], message: '@need40/ui depends on React only.' });
  if (pkg === 'shared') patterns.push({ group: ['@need40/ui'], message: 'The kernel does not depend on the UI primitives.' });
  if (pkg !== 'backend' && pkg !== 'e2e') {
    patterns.push({ group: ['node:*'], message: 'Browser code may not import Node built-ins.' });
    patterns.push({ group: ['backend', 'backend/**', '@electric-sql/*', 'pg', 'fastify'], message: 'The frontend talks to the backend only through @supabase/supabase-js.' });
  }
  return patterns;
}

/** The one Supabase client of a page is made in shared/src/supabase.ts (one session, one GoTrue). */
const createClientOnlyInShared = {
  name: '@supabase/supabase-js',
  importNames: ['createClient'],
  message: 'Only @need40/shared creates the Supabase client: use getSupabase() from @need40/shared.',
};

/**
 * bulletproof-react's zones: inside a remote, src/features/X imports nothing of src/features/Y
 * (what two features share goes to src/lib or src/components; the app/ folder composes them).
 */
function featureZones() {
  const zones = [];
  for (const pkg of remotes) {
    let features = [];
    try {
      features = readdirSync(`${pkg}/src/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    } catch {
      continue;
    }
    for (const feature of features) {
      zones.push({
        target: `./${pkg}/src/features/${feature}`,
        from: `./${pkg}/src/features`,
        except: [`./${feature}`],
        message: `features/${feature} may not import another feature of ${pkg}: move what both need to src/lib.`,
      });
    }
  }
  return zones;
}

const backendZones = [
  { target: './backend/src/rest', from: './backend/src/auth', message: 'backend/src/rest and backend/src/auth never import each other.' },
  { target: './backend/src/auth', from: './backend/src/rest', message: 'backend/src/rest and backend/src/auth never import each other.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '**/.data*/**', '**/test-results/**', '**/playwright-report/**', 'e2e/.runtime/**', '**/.compat-suites/**'] },
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
      'no-restricted-imports': ['error', { paths: pkg === 'shared' ? [] : [createClientOnlyInShared], patterns: forbiddenFor(pkg) }],
    },
  })),
  ...frontends.map((pkg) => ({
    files: TEST_FILES.map((glob) => `${pkg}/${glob}`),
    rules: { 'no-restricted-imports': ['error', { paths: pkg === 'shared' ? [] : [createClientOnlyInShared], patterns: forbiddenFor(pkg, { tests: true }) }] },
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
    // The backend's tests are clients of its API: they may create Supabase clients of their own.
    files: ['backend/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [createClientOnlyInShared], patterns: forbiddenFor('backend') }] },
  },
  // One no-restricted-syntax list per file (a later config would replace an earlier one's list).
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/auth/store/**'],
    rules: { 'no-restricted-syntax': ['error', ...authSqlSelectors, ...appTableSelectors] },
  },
  {
    files: ['backend/src/auth/store/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...appTableSelectors] },
  },
  {
    // The app's server side: Node; the platform's types from backend/platform only (its functions
    // arrive at registration, so there is no run-time import of the backend), nothing of the frontends.
    files: ['app-server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'backend/platform', allowTypeImports: true, message: 'The platform\'s functions arrive at registration (the Platform object): import only types from backend/platform.' }],
        patterns: [
          { regex: '^backend/(?!platform$)', message: 'app-server reaches the platform through backend/platform only.' },
          { regex: '^(?:\\.\\./)+(?:[^/]+/)*(?:backend|shared|ui|e2e|shell|supabase|mf-[\\w-]+)(?:/|$)', message: 'app-server may not reach into another package by a relative path.' },
          // The kernel's address contract and the money rule are the emails' too (one rule in one place): pure modules, bundled in.
          { regex: '^@need40/(?!shared/routes$|shared/email-kinds$|ui/money$)', message: 'app-server takes only the kernel\'s address contract (@need40/shared/routes), its list of email kinds (@need40/shared/email-kinds) and the money rule (@need40/ui/money) from the frontend packages.' },
        ],
      }],
    },
  },
  {
    // The tests of the app's SQL (supabase/tests): Node; the harness and the platform through the
    // backend's package exports (`backend/test/…`, `backend/src/…`), never by a relative path into
    // another package, and nothing of the frontends. (Nothing imports them: forbiddenFor.)
    files: ['supabase/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '^(?:\\.\\./)+(?:[^/]+/)*(?:backend|app-server|shared|ui|e2e|shell|mf-[\\w-]+)(?:/|$)', message: 'supabase/tests reach the harness as backend/test/… and the platform as backend/src/… (the backend\'s exports), not by a relative path.' },
          { group: ['@need40/*', '@need40/**', 'app-server', 'app-server/**'], message: 'The app\'s SQL tests are clients over HTTP of the backend the harness starts (which loads the app server itself).' },
        ],
      }],
    },
  },
  {
    // The part of the release tooling the shell bundles runs in the browser: no Node module in it.
    files: ['release/src/registry/**/*.ts'],
    languageOptions: { globals: globals.browser },
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'proper-lockfile', 'semver', 'aws4fetch'], message: 'release/src/registry is bundled by the shell: browser code only.' }, { group: ['../*'], message: 'release/src/registry stands alone (the shell bundles it): import nothing from the rest of the release tooling.' }] }] },
  },
  {
    files: ['release/**/*.ts'],
    ignores: ['release/src/registry/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // Boundaries between folders, checked on the resolved path (so `../../post-gig/x` is caught
    // whatever the depth of the importing file).
    files: [...remotes.map((p) => `${p}/src/**/*.{ts,tsx}`), 'backend/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } } },
    rules: { 'import/no-restricted-paths': ['error', { zones: [...featureZones(), ...backendZones] }] },
  },
  {
    // Plain scripts a browser loads as they are (e.g. shell/public/prefetch.js).
    files: ['*/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.{js,mjs}', 'deploy/**/*.{ts,mjs}', '**/rspack.config.*', '**/*.config.{js,ts,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

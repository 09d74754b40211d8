// The lint rule that keeps the auth tables' SQL in backend/src/auth/store/ (one store per table,
// see backend/src/auth/README.md): a string or template literal anywhere else in backend/src that
// names one of the auth schema's tables is an error. The tables are read from the platform
// migrations, so a new auth table is covered without editing this file. Functions of the schema
// (auth.uid(), auth.jwt()) and comments are not SQL on a table and stay allowed.
// scripts/lint-rules.test.mjs proves a violation is reported and the store stays clean.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const migrations = path.join(import.meta.dirname, '..', 'backend', 'migrations');

/** The tables `create table [if not exists] auth.<name>` makes in backend/migrations. */
export function authTables() {
  const names = new Set();
  for (const file of readdirSync(migrations).filter((f) => f.endsWith('.sql'))) {
    const sql = readFileSync(path.join(migrations, file), 'utf8');
    for (const m of sql.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?"?auth"?\s*\.\s*"?(\w+)/gi)) names.add(m[1].toLowerCase());
  }
  return [...names].sort();
}

const tables = authTables();
// `auth.users`, `AUTH.users`, `"auth"."users"`, `auth . users`; not `auth.users_view` nor `oauth.users`.
const pattern = `/(^|[^\\w])"?auth"?\\s*\\.\\s*"?(${tables.join('|')})(?![\\w])/i`;
const message = 'SQL on an auth table belongs in backend/src/auth/store/ (call a store function).';

/** no-restricted-syntax selectors for backend/src outside backend/src/auth/store/ (eslint.config.js combines them with the app-table rule's). */
export const authSqlSelectors = [
  { selector: `Literal[value=${pattern}]`, message },
  { selector: `TemplateElement[value.raw=${pattern}]`, message },
];

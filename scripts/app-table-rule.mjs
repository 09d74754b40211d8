// The lint rule that keeps backend/src a platform: a string or template literal in backend/src
// that names a table or view of the app (supabase/migrations) is an error — that SQL belongs in
// the app server (app-server/, loaded through the backend's registration point). The names are
// read from the app's migrations, so a new app table is covered without editing this file:
//   - any `public.<app table>`, `ledger.<anything>`, `private.<anything>` (the schemas the app makes);
//   - an app table's bare name when it cannot be an English word of the platform's own messages
//     (`gigs`, `profiles`, `applications`, any name with an underscore such as `payout_details`).
//     Bare words like `reports` or `settings` are platform words too (`need40_browser.reports`,
//     "Too many browser reports"): those are caught only when qualified.
// Comments stay allowed (PostgREST examples say `/gigs`). scripts/lint-rules.test.mjs proves a
// violation is reported and the platform stays clean.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const migrations = path.join(import.meta.dirname, '..', 'supabase', 'migrations');

/** The app's schemas and its tables and views, `schema.name`, from `create table|view` in supabase/migrations. */
export function appRelations() {
  const schemas = new Set();
  const relations = new Set();
  for (const file of readdirSync(migrations).filter((f) => f.endsWith('.sql'))) {
    const sql = readFileSync(path.join(migrations, file), 'utf8');
    for (const m of sql.matchAll(/create\s+schema\s+(?:if\s+not\s+exists\s+)?"?(\w+)/gi)) schemas.add(m[1].toLowerCase());
    const made = /create\s+(?:or\s+replace\s+)?(?:unlogged\s+|materialized\s+)?(?:table|view)\s+(?:if\s+not\s+exists\s+)?(?:"?(\w+)"?\s*\.\s*)?"?(\w+)/gi;
    for (const m of sql.matchAll(made)) relations.add(`${(m[1] ?? 'public').toLowerCase()}.${m[2].toLowerCase()}`);
  }
  return { schemas: [...schemas].sort(), relations: [...relations].sort() };
}

/** Bare names that are the app's alone (plural nouns of the marketplace, or names with an underscore). */
const DISTINCTIVE = /_|^(?:gigs|profiles|applications)$/;

const { schemas, relations } = appRelations();
const publicNames = relations.filter((r) => r.startsWith('public.')).map((r) => r.slice('public.'.length));
const bare = [...new Set(relations.map((r) => r.split('.')[1]).filter((n) => DISTINCTIVE.test(n)))];
const q = (name) => `"?${name}"?`;
// `public.gigs`, `"public"."gigs"`, `LEDGER.entries`, `private . anything`; a bare `gigs` or
// `payout_details`, but not `need40_browser.reports`, `gigsy` nor `my_gigs`.
const qualified = `(^|[^\\w.])(?:${q('public')}\\s*\\.\\s*${q(`(?:${publicNames.join('|')})`)}(?![\\w])|${q(`(?:${schemas.join('|')})`)}\\s*\\.\\s*"?\\w)`;
const unqualified = `(^|[^\\w.])(?:${bare.join('|')})(?![\\w])`;
const message = 'backend/src is the platform: SQL or URLs on the app\'s tables belong in app-server/ (see backend/src/extensions/).';

/** no-restricted-syntax selectors (combined with the auth store's in eslint.config.js: one rule, one list). */
export const appTableSelectors = [qualified, unqualified].flatMap((body) => [
  { selector: `Literal[value=/${body}/i]`, message },
  { selector: `TemplateElement[value.raw=/${body}/i]`, message },
]);

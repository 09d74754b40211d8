// `node --test scripts/lint-rules.test.mjs` (part of `pnpm test:scripts` and `pnpm test`): each boundary of
// eslint.config.js reports a deliberately wrong import (or SQL on an auth table outside
// backend/src/auth/store/, or an app table named in backend/src), and the allowed way in stays clean.
// Each probe is linted as if it were a file at that path in the tree (ESLint's lintText with a
// filePath), so nothing is written and a killed run leaves nothing behind.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` placed at `file` (relative to the root). */
async function rulesFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

/** Some module of a backend folder, as a relative import from a sibling folder. */
function moduleOf(folder) {
  const file = readdirSync(path.join(root, 'backend/src', folder)).find((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  assert.ok(file, `backend/src/${folder} has a .ts file`);
  return `../${folder}/${file.replace(/\.ts$/, '')}`;
}

const forbidden = [
  ['the backend imports the kernel', 'backend/src/rest/probe.ts', "import { KERNEL_VERSION } from '@need40/shared';\nexport const v = KERNEL_VERSION;\n", 'no-restricted-imports'],
  ['the backend imports the UI primitives', 'backend/src/probe.ts', "import { ui } from '@need40/ui';\nexport const u = ui;\n", 'no-restricted-imports'],
  ['features/grid imports features/post-gig', 'mf-gigs/src/features/grid/components/Probe.ts', "import { emptyGigForm } from '../../post-gig/lib/gigForm';\nexport const f = emptyGigForm;\n", 'import/no-restricted-paths'],
  ['features/payments imports features/share', 'mf-campaign/src/features/payments/Probe.ts', "import { shareUrl } from '../share/lib/shareUrl';\nexport const s = shareUrl;\n", 'import/no-restricted-paths'],
  ['backend/src/rest imports backend/src/auth', 'backend/src/rest/probe.ts', () => `import * as m from '${moduleOf('auth')}';\nexport const x = m;\n`, 'import/no-restricted-paths'],
  ['backend/src/auth imports backend/src/rest', 'backend/src/auth/probe.ts', () => `import * as m from '${moduleOf('rest')}';\nexport const x = m;\n`, 'import/no-restricted-paths'],
  ['a remote creates a Supabase client', 'mf-gigs/src/features/grid/api/probe.ts', "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient('http://x', 'k');\n", 'no-restricted-imports'],
  ['the shell creates a Supabase client (namespace import)', 'shell/src/probe.ts', "import * as supabase from '@supabase/supabase-js';\nexport const c = supabase.createClient('http://x', 'k');\n", 'no-restricted-imports'],
  ['the backend creates a Supabase client', 'backend/src/probe.ts', "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient('http://x', 'k');\n", 'no-restricted-imports'],
  ['a remote imports another remote', 'mf-gigs/src/probe.ts', "import Campaign from 'mf-campaign/src/app/Campaign';\nexport const c = Campaign;\n", 'no-restricted-imports'],
  ['app code imports the fake Supabase client', 'mf-gigs/src/features/grid/api/probe.ts', "import { fakeSupabase } from '@need40/shared/testing';\nexport const f = fakeSupabase;\n", 'no-restricted-imports'],
  ['the kernel imports the UI primitives', 'shared/src/probe.ts', "import { ui } from '@need40/ui';\nexport const u = ui;\n", 'no-restricted-imports'],
  ['an auth endpoint writes SQL on auth.sessions', 'backend/src/auth/probe.ts', "export const q = 'delete from auth.sessions where id = $1';\n", 'no-restricted-syntax'],
  ['auth SQL in a template literal, quoted and in capitals', 'backend/src/storage/probe.ts', 'export const q = (n: number) => `select email from "auth"."users" limit ${n}`;\nexport const r = "SELECT * FROM AUTH.ONE_TIME_TOKENS";\n', 'no-restricted-syntax'],
  ['the dev mailbox read outside its store', 'backend/src/auth/mailbox-probe.ts', "export const q = 'select * from auth.dev_mailbox';\n", 'no-restricted-syntax'],
  ['the platform reads an app table', 'backend/src/http/probe.ts', "export const q = 'select count(*) from public.gigs';\n", 'no-restricted-syntax'],
  ['the platform writes the app\'s ledger (template, quoted, capitals)', 'backend/src/jobs/probe.ts', 'export const q = (p: string) => `UPDATE "LEDGER"."settings" SET provider = ${p}`;\n', 'no-restricted-syntax'],
  ['the platform names an app table bare', 'backend/src/rest/probe.ts', "export const q = 'select stripe_account_id from payout_details';\n", 'no-restricted-syntax'],
  ['the platform calls the app\'s private function', 'backend/src/config-probe.ts', "export const d = 'private.run_payment_timers@60';\n", 'no-restricted-syntax'],
  ['an auth store reads an app table', 'backend/src/auth/store/probe.ts', "export const q = 'select 1 from public.profiles where id = $1';\n", 'no-restricted-syntax'],
  ['the backend imports the app server', 'backend/src/probe.ts', "import need40 from 'app-server';\nexport const x = need40;\n", 'no-restricted-imports'],
  ['the app server imports a platform function instead of receiving it', 'app-server/src/probe.ts', "import { platform } from 'backend/platform';\nexport const x = platform;\n", '@typescript-eslint/no-restricted-imports'],
  ['the app server reaches into the platform\'s insides', 'app-server/src/probe.ts', "import { runAs } from 'backend/src/rest/run-as';\nexport const x = runAs;\n", '@typescript-eslint/no-restricted-imports'],
  ['the platform imports the app\'s SQL tests', 'backend/src/probe.ts', "import { useMarket } from '../../supabase/tests/market/helpers';\nexport const x = useMarket;\n", 'no-restricted-imports'],
  ['a platform test imports the app\'s SQL tests', 'backend/test/realtime/probe.test.ts', "import { useMarket } from '../../../supabase/tests/market/helpers';\nexport const x = useMarket;\n", 'no-restricted-imports'],
  ['an app SQL test reaches the harness by a relative path', 'supabase/tests/market/probe.test.ts', "import { startTestBackend } from '../../../backend/test/harness';\nexport const x = startTestBackend;\n", 'no-restricted-imports'],
];

for (const [what, file, code, rule] of forbidden) {
  test(`reported: ${what}`, async () => {
    const rules = await rulesFor(file, typeof code === 'function' ? code() : code);
    assert.ok(rules.includes(rule), `expected ${rule} at ${file}, got ${JSON.stringify(rules)}`);
  });
}

const allowed = [
  ['shared creates the one client', 'shared/src/probe.ts', "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient('http://x', 'k');\n"],
  ['a feature imports its own files and the remote lib', 'mf-gigs/src/features/grid/components/Probe.ts', "import { gigFromRow } from '../lib/gigFromRow';\nimport { parseSkills } from '../../../lib/skills';\nexport const x = [gigFromRow, parseSkills];\n"],
  ['app/ composes features', 'mf-campaign/src/app/Probe.ts', "import { PaymentActions } from '../features/payments/components/PaymentActions';\nimport { ShareButton } from '../features/share/components/ShareButton';\nexport const x = [PaymentActions, ShareButton];\n"],
  ['an auth store writes SQL on its table', 'backend/src/auth/store/probe.ts', "export const q = 'delete from auth.sessions where id = $1';\n"],
  ['the backend calls the auth schema\'s functions and names the admin API in text', 'backend/src/rest/probe.ts', "export const q = 'select auth.uid(), auth.jwt()';\nexport const t = 'auth.admin.listUsers and auth.users_view';\n"],
  ['a unit test uses the fake Supabase client', 'mf-gigs/src/features/grid/api/probe.test.ts', "import { fakeSupabase } from '@need40/shared/testing';\nexport const f = fakeSupabase;\n"],
  ['the platform\'s own tables and words that are also app table names', 'backend/src/browser/probe.ts', "export const q = 'delete from need40_browser.reports';\nexport const m = 'Too many browser reports; the settings of the realtime.messages policy';\n"],
  ['the app server takes the platform\'s types', 'app-server/src/probe.ts', "import type { Services } from 'backend/platform';\nexport type S = Services;\nexport const q = 'select 1 from public.gigs';\n"],
  ['a remote uses the kernel and the UI package by name', 'mf-auth/src/probe.ts', "import { getSupabase } from '@need40/shared';\nimport { ui } from '@need40/ui';\nexport const x = [getSupabase, ui];\n"],
  ['the kernel\'s own module named supabase (not the supabase/ package)', 'shared/src/testing/probe.ts', "import { getSupabase } from '../supabase';\nexport const x = getSupabase;\n"],
  ['an app SQL test takes the harness and the platform through the backend\'s exports', 'supabase/tests/market/probe.test.ts', "import { startTestBackend } from 'backend/test/harness';\nimport { signJwt } from 'backend/src/security/jwt';\nexport const x = [startTestBackend, signJwt];\n"],
];

for (const [what, file, code] of allowed) {
  test(`clean: ${what}`, async () => {
    assert.deepEqual(await rulesFor(file, code), []);
  });
}

// Scan the built frontends for secrets: everything in a browser bundle is public.
//
// Fails when a build output contains
//   - any of the given secret values (the backend's JWT secret, its service_role key, the SMTP
//     password…), also base64- or URI-encoded;
//   - a JWT whose payload carries a role other than `anon` (a service_role key signed with any
//     secret), or a private key block.
//
// CLI (before a deployment, with the production values in the environment):
//   JWT_SECRET=… SERVICE_ROLE_KEY=… SMTP_URL=… node scripts/check-secrets.mjs [dir …]
// Default dirs: every app's dist/. The e2e suite calls findSecrets() with the development values.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS } from './remotes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
export const APP_DIRS = APPS.map((app) => path.join(ROOT, app.package, 'dist'));
const TEXT = /\.(?:js|mjs|cjs|css|html|json|map|txt|svg)$/;
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g;

async function* files(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else if (TEXT.test(e.name)) yield full;
  }
}

function jwtRole(token) {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    return typeof payload?.role === 'string' ? payload.role : null;
  } catch {
    return null;
  }
}

/** The secret values worth looking for, from environment-style variables. */
export function secretsFromEnv(env = process.env) {
  const out = [];
  if (env.JWT_SECRET) out.push({ name: 'JWT_SECRET', value: env.JWT_SECRET });
  if (env.SERVICE_ROLE_KEY) out.push({ name: 'SERVICE_ROLE_KEY', value: env.SERVICE_ROLE_KEY });
  if (env.SMTP_URL) {
    try {
      const password = decodeURIComponent(new URL(env.SMTP_URL).password);
      if (password) out.push({ name: 'SMTP_URL password', value: password });
    } catch {
      /* not a URL: nothing to look for */
    }
  }
  return out;
}

/**
 * @param {{ dirs?: string[], secrets?: { name: string, value: string }[] }} options
 * @returns {Promise<{ files: number, findings: { file: string, what: string }[] }>}
 */
export async function findSecrets({ dirs = APP_DIRS, secrets = [] } = {}) {
  const needles = secrets
    .filter((s) => s.value && s.value.length >= 8)
    .flatMap(({ name, value }) => [
      { name, text: value },
      { name: `${name} (base64)`, text: Buffer.from(value).toString('base64').replace(/=+$/, '') },
      { name: `${name} (URI-encoded)`, text: encodeURIComponent(value) },
    ]);
  const findings = [];
  let count = 0;
  for (const dir of dirs) {
    for await (const file of files(dir)) {
      count++;
      const text = await readFile(file, 'utf8');
      const rel = path.relative(ROOT, file);
      for (const n of needles) if (text.includes(n.text)) findings.push({ file: rel, what: n.name });
      for (const token of text.match(JWT) ?? []) {
        const role = jwtRole(token);
        if (role && role !== 'anon') findings.push({ file: rel, what: `a JWT with role "${role}"` });
      }
      if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) findings.push({ file: rel, what: 'a private key' });
    }
  }
  return { files: count, findings };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = process.argv.slice(2).map((d) => path.resolve(d));
  const { files: scanned, findings } = await findSecrets({ dirs: dirs.length ? dirs : APP_DIRS, secrets: secretsFromEnv() });
  if (scanned === 0) {
    console.error('check-secrets: no built files found (run pnpm build first)');
    process.exit(2);
  }
  if (findings.length) {
    for (const f of findings) console.error(`✗ ${f.file}: ${f.what}`);
    process.exit(1);
  }
  console.log(`✓ ${scanned} built files, no secret found${secretsFromEnv().length ? '' : ' (no JWT_SECRET/SERVICE_ROLE_KEY/SMTP_URL given: checked JWT roles and key blocks only)'}`);
}

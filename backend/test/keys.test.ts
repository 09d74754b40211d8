/** `pnpm --filter backend keys` prints a secret and two keys that a backend configured with them accepts. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ANON_KEY } from '../src/config';
import { startTestBackend, type TestBackend } from './harness';

const BACKEND = path.resolve(import.meta.dirname, '..');
const runKeys = (env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/keys.ts'], { cwd: BACKEND, env: { ...process.env, JWT_SECRET: '', ...env }, encoding: 'utf8' });

function parse(output: string): Record<string, string> {
  return Object.fromEntries(output.split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

describe('keys', () => {
  let keys: Record<string, string>;
  let be: TestBackend;
  beforeAll(async () => {
    keys = parse(runKeys());
    be = await startTestBackend({ JWT_SECRET: keys.JWT_SECRET!, ANON_KEY: keys.ANON_KEY!, SERVICE_ROLE_KEY: keys.SERVICE_ROLE_KEY! });
  });
  afterAll(async () => {
    await be?.close();
  });

  it('makes a new random secret each time', () => {
    expect(keys.JWT_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(parse(runKeys()).JWT_SECRET).not.toBe(keys.JWT_SECRET);
  });

  it('signs keys for a given secret, and refuses a short one', () => {
    const again = parse(runKeys({ JWT_SECRET: keys.JWT_SECRET! }));
    expect(again.JWT_SECRET).toBe(keys.JWT_SECRET);
    expect(() => runKeys({ JWT_SECRET: 'too-short' })).toThrow();
  });

  it('the anon key reads as a visitor, the service key reads everything, the development key is refused', async () => {
    const get = (key: string, table: string) => fetch(`${be.url}/rest/v1/${table}?select=id`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
    expect((await get(keys.ANON_KEY!, 'gigs')).status).toBe(200);
    expect(await (await get(keys.ANON_KEY!, 'payments')).json()).toMatchObject({ code: '42501' });
    expect((await get(keys.SERVICE_ROLE_KEY!, 'payments')).status).toBe(200);
    expect((await get(DEV_ANON_KEY, 'gigs')).status).toBe(401);
  });
});

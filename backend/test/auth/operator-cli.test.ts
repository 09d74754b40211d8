/**
 * `pnpm --filter backend operator add|remove|list`: the CLI run as a process against a running
 * backend, through the auth admin API with the service_role key — the role lands in
 * app_metadata, the database accepts the operator at once and refuses them once removed; wrong
 * input and an unreachable backend end with a clear message and exit code 1.
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperators, setOperator } from '../../src/cli/operator-admin';
import { startTestBackend, type TestBackend } from '../harness';
import { createUser, refusal, rpc, sql, type TestUser } from '../rest/helpers';
import { adminApi } from './admin';

const run = promisify(execFile);
const CLI = path.join(__dirname, '../../src/cli/operator.ts');
let be: TestBackend;
let ana: TestUser;
let ben: TestUser;
beforeAll(async () => {
  be = await startTestBackend();
  ana = await createUser(be, 'ana@example.com', 'Ana Admin');
  ben = await createUser(be, 'ben@example.com', 'Ben Member');
});
afterAll(async () => {
  await be?.close();
});

async function cli(args: string[], url = be.url): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, SUPABASE_URL: url, SERVICE_ROLE_KEY: be.config.SERVICE_ROLE_KEY } });
    return { code: 0, out: stdout.trim(), err: stderr.trim() };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout.trim(), err: x.stderr.trim() };
  }
}
/** A port nothing listens on (just freed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const role = async (u: TestUser) => (await sql<{ role: string | null }>(be, "select raw_app_meta_data ->> 'role' as role from auth.users where id = $1", [u.id]))[0]!.role;
const warn = (u: TestUser) => rpc(be, u, 'admin_warn_member', { p_user_id: ben.id, p_reason: 'Be kind.' });

describe('operator add | remove | list', () => {
  it('add: the role is set through the admin API and the database accepts the operator at once', async () => {
    expect(await warn(ana)).toEqual(refusal(403, '42501', 'Only a Need40 operator can warn a member'));
    const added = await cli(['add', 'ANA@example.com']);
    expect(added).toMatchObject({ code: 0, out: expect.stringMatching(/^ana@example\.com \([0-9a-f-]{36}\) is now an operator/) });
    expect(await role(ana)).toBe('operator');
    // The token ana holds was issued before: the role is read in auth.users, so it works now.
    expect((await warn(ana)).status).toBe(204);
    expect(await setOperator(adminApi(be), 'ana@example.com', true)).toBe('ana@example.com is already an operator: nothing changed');
    expect(await listOperators(adminApi(be))).toEqual([`ana@example.com\t${ana.id}`]);
  });

  it('remove: the role is gone and the next operator action is refused; other app_metadata stays', async () => {
    await sql(be, `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"provider": "email"}' where id = $1`, [ana.id]);
    const removed = await cli(['remove', 'ana@example.com']);
    expect(removed).toMatchObject({ code: 0, out: expect.stringMatching(/is no longer an operator/) });
    expect(await sql(be, 'select raw_app_meta_data as m from auth.users where id = $1', [ana.id])).toEqual([{ m: { provider: 'email' } }]);
    expect(await warn(ana)).toEqual(refusal(403, '42501', 'Only a Need40 operator can warn a member'));
    expect(await setOperator(adminApi(be), 'ben@example.com', false)).toBe('ben@example.com is not an operator: nothing changed');
  });

  it('wrong input and an unreachable backend: a clear message and exit code 1', async () => {
    await expect(setOperator(adminApi(be), 'nobody@example.com', true)).rejects.toThrow('no account has the email nobody@example.com');
    await expect(setOperator(adminApi(be), 'not an email', true)).rejects.toThrow('"not an email" is not an email address');
    await expect(setOperator({ ...adminApi(be), serviceKey: be.config.ANON_KEY }, 'ana@example.com', true)).rejects.toThrow(/^the auth admin API answered 40[13]: /);
    expect(await cli(['promote', 'ana@example.com'])).toEqual({ code: 1, out: '', err: 'operator: usage: pnpm --filter backend operator add <email> | remove <email> | list' });
    expect(await cli(['list'], `http://127.0.0.1:${await closedPort()}`))
      .toEqual({ code: 1, out: '', err: 'operator: the backend is not reachable (ECONNREFUSED): is it running? set SUPABASE_URL' });
  });
});

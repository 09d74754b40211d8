/**
 * Who may connect and join, through the real supabase-js: the socket needs the project's apikey;
 * a channel acts as a strictly verified token; an expiring token closes the channel as Realtime
 * does (a system error, then phx_close) unless realtime-js refreshes it with `access_token` first.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../src/security/jwt';
import type { TestBackend } from '../harness';
import { accessToken, createUser, rest, type TestUser } from '../rest/helpers';
import { Inbox, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
let user: TestUser;
const open = realtimeBackend(async (started) => (user = await createUser((be = started), `rt-auth-${Date.now()}@example.com`)));
const upgradeStatus = (query: string) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(`${be.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => (ws.close(), resolve(101)));
    ws.on('error', () => undefined);
  });

describe('connecting', () => {
  it('needs a project apikey signed with the secret: none, forged or a user token is refused with 403', async () => {
    expect(await upgradeStatus('vsn=2.0.0')).toBe(403);
    const forged = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-that-is-at-least-32-characters');
    expect(await upgradeStatus(`apikey=${forged}&vsn=2.0.0`)).toBe(403);
    expect(await upgradeStatus(`apikey=${user.token}&vsn=2.0.0`)).toBe(403);
    expect(await upgradeStatus(`apikey=${be.config.ANON_KEY}&vsn=3.0.0`)).toBe(400);
    expect(await upgradeStatus(`apikey=${be.config.ANON_KEY}&vsn=2.0.0`)).toBe(101);
  });
});

describe('joining', () => {
  it('a forged or expired access token is refused with CHANNEL_ERROR and Realtime\'s reason', async () => {
    const forged = await signJwt({ sub: user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-that-is-at-least-32-characters');
    await expect(subscribed((await open(forged)).sb.channel('forged'))).rejects.toThrow('CHANNEL_ERROR: Failed to validate JWT signature');
    const expired = await accessToken(be, user.id, user.email, -30);
    await expect(subscribed((await open(expired)).sb.channel('expired'))).rejects.toThrow(/CHANNEL_ERROR: Token has expired \d+ seconds ago/);
    const noExp = await signJwt({ sub: user.id, role: 'authenticated' }, be.config.JWT_SECRET);
    await expect(subscribed((await open(noExp)).sb.channel('no-exp'))).rejects.toThrow('CHANNEL_ERROR: Fields `role` and `exp` are required in JWT');
    const admin = await signJwt({ sub: user.id, role: 'postgres', exp: Math.floor(Date.now() / 1000) + 60 }, be.config.JWT_SECRET);
    await expect(subscribed((await open(admin)).sb.channel('role'))).rejects.toThrow('CHANNEL_ERROR: Role "postgres" is not allowed');
  });
});

describe('token lifetime', () => {
  it('an access token that expires while joined closes the channel with a system error', async () => {
    const system = new Inbox<{ extension: string; status: string; message: string }>();
    const statuses = new Inbox<string>();
    const short = await accessToken(be, user.id, user.email, 2);
    const { sb } = await open(short);
    const channel = sb.channel('short-lived').on('system', {}, (p) => system.push(p as never));
    channel.subscribe((status) => statuses.push(status));
    await statuses.until((s) => s.includes('SUBSCRIBED'));
    await statuses.until((s) => s.includes('CLOSED'));
    expect(system.items.at(-1)).toMatchObject({ extension: 'system', status: 'error', channel: 'short-lived' });
    expect(system.items.at(-1)!.message).toMatch(/^Token has expired \d+ seconds ago$/);
  });

  it('a token refreshed with access_token keeps the channel alive and delivering past the old exp', async () => {
    const changes = new Inbox<{ new: { id: string } }>();
    const statuses = new Inbox<string>();
    const c = await open(await accessToken(be, user.id, user.email, 2));
    c.sb.channel('refreshed')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'payments' }, (p) => changes.push(p as never))
      .subscribe((status) => statuses.push(status));
    await statuses.until((s) => s.includes('SUBSCRIBED'));
    c.token.current = await accessToken(be, user.id, user.email, 3600);
    await c.sb.realtime.setAuth();
    await new Promise((r) => setTimeout(r, 3000));
    const res = await rest(be, '/payments', { method: 'POST', token: c.token.current, body: JSON.stringify({ amount: 5, status: 'pending', payment_method: 'paypal', user_id: user.id, description: randomUUID() }) });
    expect(res.status).toBe(201);
    await changes.count(1);
    expect(statuses.items).toEqual(['SUBSCRIBED']);
  });

  it('a refresh with a token that does not verify closes the channel', async () => {
    const system = new Inbox<{ status: string; message: string }>();
    const statuses = new Inbox<string>();
    const c = await open(user.token);
    c.sb.channel('bad-refresh').on('system', {}, (p) => system.push(p as never)).subscribe((status) => statuses.push(status));
    await statuses.until((s) => s.includes('SUBSCRIBED'));
    c.token.current = await signJwt({ sub: user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-that-is-at-least-32-characters');
    await c.sb.realtime.setAuth();
    await statuses.until((s) => s.includes('CLOSED'));
    expect(system.items.at(-1)).toMatchObject({ status: 'error', message: 'Failed to validate JWT signature' });
  });
});

/**
 * postgres_changes through the real supabase-js (Node, `ws`): INSERT / UPDATE / DELETE / `*`,
 * filters, row-level security (a user never receives another user's payment), payloads larger
 * than NOTIFY's limit, and the join's answers for bindings that cannot deliver.
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { createUser, rest, type TestUser } from '../rest/helpers';
import { Inbox, settle, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
let alice: TestUser;
let bob: TestUser;
const open = realtimeBackend(async (started) => {
  be = started;
  alice = await createUser(be, `alice-${Date.now()}@example.com`);
  bob = await createUser(be, `bob-${Date.now()}@example.com`);
});
type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown>; table: string; schema: string; commit_timestamp: string };

const postGig = async (user: TestUser, over: Record<string, unknown> = {}) => {
  const res = await rest(be, '/gigs', {
    method: 'POST',
    token: user.token,
    headers: { prefer: 'return=representation' },
    body: JSON.stringify({ title: 'Paint a fence', description: 'Two hours', payment_type: 'hourly', rate: 30, hours: 2, location: 'remote', ...over }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Record<string, unknown>[])[0]!;
};

describe('postgres_changes', () => {
  it('a visitor receives INSERT, UPDATE and DELETE of gigs with typed records; DELETE carries only the key', async () => {
    const inbox = new Inbox<Change>();
    const { sb } = await open();
    await subscribed(sb.channel('gigs-all').on('postgres_changes', { event: '*', schema: 'public', table: 'gigs' }, (p) => inbox.push(p as never)));
    const gig = await postGig(alice, { skills: ['paint'] });
    await rest(be, `/gigs?id=eq.${gig.id}`, { method: 'PATCH', token: alice.token, body: JSON.stringify({ title: 'Paint two fences' }) });
    await rest(be, `/gigs?id=eq.${gig.id}`, { method: 'DELETE', token: alice.token });
    const [ins, upd, del] = await inbox.count(3);
    expect(ins).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'gigs', new: { id: gig.id, title: 'Paint a fence', rate: 30, skills: ['paint'], user_id: alice.id }, old: {} });
    expect(ins!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id: gig.id, title: 'Paint two fences' }, old: { id: gig.id } });
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: gig.id } });
    expect(Object.keys(del!.old)).toEqual(['id']);
  });

  it('an event binding receives only that event', async () => {
    const inserts = new Inbox<Change>();
    const deletes = new Inbox<Change>();
    const { sb } = await open();
    await subscribed(
      sb.channel('gigs-split')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gigs' }, (p) => inserts.push(p as never))
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'gigs' }, (p) => deletes.push(p as never)),
    );
    const gig = await postGig(bob);
    await rest(be, `/gigs?id=eq.${gig.id}`, { method: 'PATCH', token: bob.token, body: JSON.stringify({ title: 'Renamed' }) });
    await rest(be, `/gigs?id=eq.${gig.id}`, { method: 'DELETE', token: bob.token });
    await deletes.count(1);
    expect(inserts.items.map((c) => c.eventType)).toEqual(['INSERT']);
    expect(deletes.items.map((c) => c.eventType)).toEqual(['DELETE']);
  });

  it('filters: eq, neq, gt, lte and in select the rows they name', async () => {
    const got: Record<string, Inbox<Change>> = {};
    const { sb } = await open();
    let channel = sb.channel('gigs-filters');
    const filters = { eq: `user_id=eq.${alice.id}`, neq: `user_id=neq.${alice.id}`, gt: 'rate=gt.100', lte: 'rate=lte.100', in: 'location=in.(onsite,hybrid)' };
    for (const [name, filter] of Object.entries(filters)) {
      got[name] = new Inbox<Change>();
      channel = channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gigs', filter }, (p) => got[name]!.push(p as never));
    }
    await subscribed(channel);
    const a = await postGig(alice, { rate: 150, location: 'onsite' });
    const b = await postGig(bob, { rate: 50, location: 'remote' });
    await got.lte!.count(1);
    await settle();
    const ids = (name: string) => got[name]!.items.map((c) => c.new.id);
    expect(ids('eq')).toEqual([a.id]);
    expect(ids('neq')).toEqual([b.id]);
    expect(ids('gt')).toEqual([a.id]);
    expect(ids('lte')).toEqual([b.id]);
    expect(ids('in')).toEqual([a.id]);
  });

  it("row-level security: a user receives their own payments and never another user's", async () => {
    const aliceInbox = new Inbox<Change>();
    const bobInbox = new Inbox<Change>();
    const visitorInbox = new Inbox<Change>();
    const binding = { event: '*', schema: 'public', table: 'payments' } as const;
    await subscribed((await open(alice.token)).sb.channel('pay-a').on('postgres_changes', binding, (p) => aliceInbox.push(p as never)));
    await subscribed((await open(bob.token)).sb.channel('pay-b').on('postgres_changes', binding, (p) => bobInbox.push(p as never)));
    await subscribed((await open()).sb.channel('pay-v').on('postgres_changes', { event: '*', schema: 'public', table: 'gigs' }, (p) => visitorInbox.push(p as never)));
    const res = await rest(be, '/payments', {
      method: 'POST',
      token: alice.token,
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ amount: 600, status: 'pending', payment_method: 'paypal', user_id: alice.id, description: 'Gig payment' }),
    });
    expect(res.status).toBe(201);
    const [pay] = (await res.json()) as { id: string }[];
    await aliceInbox.count(1);
    const bobPay = await rest(be, '/payments', {
      method: 'POST',
      token: bob.token,
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ amount: 40, status: 'pending', payment_method: 'paypal', user_id: bob.id }),
    });
    expect(bobPay.status).toBe(201);
    await bobInbox.count(1);
    await settle();
    expect(aliceInbox.items).toHaveLength(1);
    expect(aliceInbox.items[0]).toMatchObject({ eventType: 'INSERT', new: { id: pay!.id, amount: 600, user_id: alice.id } });
    expect(bobInbox.items).toHaveLength(1);
    expect(bobInbox.items[0]!.new.user_id).toBe(bob.id);
    expect(visitorInbox.items).toHaveLength(0);
  });

  it("a change larger than NOTIFY's 8000-byte limit still arrives whole", async () => {
    const inbox = new Inbox<Change>();
    const { sb } = await open();
    await subscribed(sb.channel('gigs-big').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gigs' }, (p) => inbox.push(p as never)));
    const description = 'x'.repeat(9500);
    const gig = await postGig(alice, { description });
    const [got] = await inbox.count(1);
    expect(got!.new).toMatchObject({ id: gig.id, description });
  });

  it('bindings that cannot deliver are reported as Realtime does: a system error, or CHANNEL_ERROR with wait', async () => {
    const system = new Inbox<{ extension: string; status: string; message: string }>();
    const { sb } = await open();
    // A visitor may not select payments; a filter on a missing column; a table not published.
    await subscribed(
      sb.channel('bad-bindings')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'payments' }, () => undefined)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'gigs', filter: 'nope=eq.1' }, () => undefined)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'profiles' }, () => undefined)
        .on('system', {}, (p) => system.push(p as never)),
    );
    const [msg] = await system.count(1);
    expect(msg).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(msg!.message).toContain('Unable to subscribe to changes with given parameters');
    expect(msg!.message).toContain('table: payments');
    expect(msg!.message).toContain('column nope does not exist');
    expect(msg!.message).toContain('table: profiles');

    const good = new Inbox<{ status: string; message: string }>();
    await subscribed((await open()).sb.channel('good-binding').on('postgres_changes', { event: '*', schema: 'public', table: 'gigs', filter: 'rate=gt.10' }, () => undefined).on('system', {}, (p) => good.push(p as never)));
    expect((await good.count(1))[0]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });

    const waiting = (await open()).sb.channel('bad-wait', { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: '*', schema: 'public', table: 'gigs', filter: 'rate=gt.notanumber' }, () => undefined);
    await expect(subscribed(waiting)).rejects.toThrow(/CHANNEL_ERROR: RealtimeDisabledForConfiguration: Error parsing `filter` params: invalid value for column rate/);
  });
});

/**
 * Many postgres_changes filters cannot black a table out. 3,200 distinct filters on `gigs` from
 * one anonymous socket used to stop that table's changes for every subscriber ("target lists can
 * have at most 1664 entries": one SQL expression per filter). Now one socket holds at most
 * REALTIME_MAX_BINDINGS_PER_SOCKET bindings, a change's filters are evaluated in one query whose
 * shape does not grow with their number, and a table's distinct filters are capped per instance
 * (REALTIME_MAX_FILTERS_PER_TABLE) — a filter already in use still joins at the cap.
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { createUser, postGig, rest, type TestUser } from '../rest/helpers';
import { Inbox, rawSocket, subscribed } from './helpers';
import { realtimeBackend } from './suite';

const CAP = 1_800;
let be: TestBackend;
let poster: TestUser;
const open = realtimeBackend(async (started) => {
  be = started;
  poster = await createUser(be, `rt-bindings-${Date.now()}@example.com`);
}, { REALTIME_MAX_FILTERS_PER_TABLE: String(CAP) });

type Msg = [string | null, string | null, string, string, { status?: string; response?: { reason?: string } }];
const replies = (items: unknown[]) => items.filter((m) => (m as Msg)[3] === 'phx_reply') as Msg[];
/** Four kinds of filter (grouped by column and operator when evaluated), distinct by n. */
const filterOf = (n: number) => [`rate=gt.${n}`, `title=eq.t${n}`, `location=in.(a${n},b${n})`, `hours=neq.${n}`][n % 4]!;

/** A socket joining `channels` channels of 25 distinct filters each, numbered from `first`. */
async function crowd(first: number, channels: number) {
  const s = await rawSocket(be);
  for (let c = 0; c < channels; c++) {
    const postgres_changes = Array.from({ length: 25 }, (_, i) => ({ event: '*', schema: 'public', table: 'gigs', filter: filterOf(first + c * 25 + i) }));
    s.ws.send(JSON.stringify([String(c), String(c), `realtime:crowd-${c}`, 'phx_join', { config: { postgres_changes } }]));
  }
  await s.inbox.until((items) => replies(items).length === channels, 60_000);
  return { ...s, replies: replies(s.inbox.items) };
}

describe('many filters on one table', () => {
  it('1,700 distinct filters (17 sockets at their cap) never stop the table\'s changes; past the table\'s cap a new filter is refused, a known one still joins', { timeout: 180_000 }, async () => {
    const sockets = [];
    for (let i = 0; i < 17; i++) sockets.push(await crowd(i * 100, 4));
    expect(sockets.flatMap((s) => s.replies).every((m) => m[4].status === 'ok')).toBe(true);

    const inbox = new Inbox<{ eventType: string; new: { id: string; title: string } }>();
    const gig = await postGig(be, poster, { title: 'Watched gig' });
    await subscribed((await open()).sb.channel('normal').on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'gigs', filter: `id=eq.${gig}` }, (p) => inbox.push(p as never)));
    expect((await rest(be, `/gigs?id=eq.${gig}`, { method: 'PATCH', token: poster.token, body: JSON.stringify({ title: 'Still watched' }) })).status).toBe(204);
    expect((await inbox.count(1))[0]!.new).toMatchObject({ id: gig, title: 'Still watched' });

    // 1,701 distinct filters now; 100 new ones would pass the cap of 1,800, 100 known ones do not.
    const fresh = await crowd(5_000, 4);
    expect(fresh.replies.filter((m) => m[4].status === 'error').map((m) => m[4].response?.reason)).toContain('Too many distinct postgres_changes filters on public.gigs; try again later');
    const known = await crowd(0, 4);
    expect(known.replies.every((m) => m[4].status === 'ok')).toBe(true);
    for (const s of [...sockets, fresh, known]) s.ws.close();
  });
});

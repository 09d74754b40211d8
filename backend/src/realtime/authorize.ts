/**
 * Private channels, authorised as Supabase Realtime does it: row-level security on
 * realtime.messages decides, for the channel's topic (realtime.topic()), whether an identity may
 * read (join, receive) and write (broadcast, track presence) — per extension, broadcast and
 * presence. In one transaction that is always rolled back:
 *   read  — probe rows for both extensions are inserted as the backend's own role; can the
 *           identity select them (role, request.jwt.claims and realtime.topic set local)?
 *   write — can the identity insert a row for each extension (each in a savepoint)?
 * Nothing is ever stored. A policy that fails (raises, or a type error) denies; it never throws
 * out of here, so a broken policy closes the channel instead of breaking the server.
 */
import type { Database, Tx } from '../db/types';
import type { Identity } from './auth';

export interface Permissions {
  broadcastRead: boolean;
  presenceRead: boolean;
  broadcastWrite: boolean;
  presenceWrite: boolean;
}

export const NO_PERMISSIONS: Permissions = { broadcastRead: false, presenceRead: false, broadcastWrite: false, presenceWrite: false };
export const ALL_PERMISSIONS: Permissions = { broadcastRead: true, presenceRead: true, broadcastWrite: true, presenceWrite: true };

/** Realtime's refusal of a private join without read permission (`subTopic` without "realtime:"). */
export const unauthorizedRead = (subTopic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;

class Rollback extends Error {}

async function mayInsert(tx: Tx, subTopic: string, extension: string): Promise<boolean> {
  await tx.query('savepoint need40_rt_write');
  try {
    await tx.query('insert into realtime.messages (topic, extension, private) values ($1, $2, true)', [subTopic, extension]);
    return true;
  } catch {
    await tx.query('rollback to savepoint need40_rt_write');
    return false;
  }
}

async function check(tx: Tx, subTopic: string, who: Identity): Promise<Permissions> {
  const { rows: probes } = await tx.query<{ id: string; extension: string }>(
    "insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true) returning id::text, extension",
    [subTopic],
  );
  await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)", [
    who.role,
    JSON.stringify(who.claims),
    subTopic,
  ]);
  const { rows } = await tx.query<{ extension: string }>(
    'select extension from realtime.messages where topic = $1 and id = any($2::uuid[])',
    [subTopic, probes.map((p) => p.id)],
  );
  const read = new Set(rows.map((r) => r.extension));
  return {
    broadcastRead: read.has('broadcast'),
    presenceRead: read.has('presence'),
    broadcastWrite: await mayInsert(tx, subTopic, 'broadcast'),
    presenceWrite: await mayInsert(tx, subTopic, 'presence'),
  };
}

/** What `who` may do on the private channel `subTopic` (a join's and a token refresh's check). */
export async function channelPermissions(db: Database, subTopic: string, who: Identity): Promise<Permissions> {
  let result: Permissions = NO_PERMISSIONS;
  try {
    await db.transaction(async (tx) => {
      result = await check(tx, subTopic, who);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) return NO_PERMISSIONS;
  }
  return result;
}

/**
 * The private topics among `subTopics` that `who` may broadcast on (the REST endpoint's check):
 * every topic of a request in one transaction, always rolled back.
 */
export async function broadcastableTopics(db: Database, subTopics: string[], who: Identity): Promise<Set<string>> {
  if (who.role === 'service_role') return new Set(subTopics);
  const allowed = new Set<string>();
  if (!subTopics.length) return allowed;
  try {
    await db.transaction(async (tx) => {
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [who.role, JSON.stringify(who.claims)]);
      for (const topic of subTopics) {
        await tx.query("select set_config('realtime.topic', $1, true)", [topic]);
        if (await mayInsert(tx, topic, 'broadcast')) allowed.add(topic);
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) return new Set();
  }
  return allowed;
}

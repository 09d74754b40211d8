/**
 * The message bus between backend instances, for what lives in no table: broadcast and presence.
 *   PGlite: one process owns the database, so the bus is a local loop.
 *   PostgreSQL: NOTIFY on `need40_realtime_bus`, which every instance LISTENs to on its dedicated
 *   connection. Messages over NOTIFY's 8000-byte limit travel through need40_realtime.spill.
 * Every instance also hears its own messages; receivers skip those by `from`.
 *
 * Publishing is coalesced: messages published while a transaction is under way go out together in
 * the next one, packed several to a notification, in one statement — so a burst (a REST broadcast
 * of 100 messages, 80 of them at once) costs a few transactions and a few notifications instead of
 * a transaction per message, which took the pool from everyone else's reads. What waits is bounded
 * (MAX_QUEUED_BYTES): past it a message is dropped and the publisher told, as a socket that does
 * not read is closed rather than buffered.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '../db/types';

export const BUS_CHANNEL = 'need40_realtime_bus';
const NOTIFY_LIMIT = 7900;
/** Messages in one publishing transaction, and bytes waiting for one. */
const MAX_BATCH = 500;
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

export class BusFullError extends Error {}

interface Queued {
  text: string;
  done: (error?: unknown) => void;
}

export interface BusMessage {
  from: string;
  kind: string;
  [key: string]: unknown;
}

export interface Bus {
  readonly instanceId: string;
  publish(message: Omit<BusMessage, 'from'>): Promise<void>;
  close(): Promise<void>;
}

/** Read a spilled payload by id (see the platform migration). */
export async function readSpill(db: Database, id: number): Promise<string | null> {
  const { rows } = await db.transaction((tx) => tx.query<{ payload: string }>('select payload from need40_realtime.spill where id = $1', [id]), { readOnly: true });
  return rows[0]?.payload ?? null;
}

export async function openBus(db: Database, onMessage: (message: BusMessage) => void, onError: (error: unknown) => void): Promise<Bus> {
  const instanceId = randomUUID();
  if (db.kind === 'pglite') {
    return {
      instanceId,
      // Nothing to reach: the hub has already delivered to this process's channels.
      async publish() {},
      async close() {},
    };
  }
  // Every instance hears its own notifications too: skipped by their first bytes, unparsed.
  const own = `{"from":${JSON.stringify(instanceId)},`;
  const deliver = (envelope: { batch?: unknown }) => {
    for (const m of Array.isArray(envelope.batch) ? envelope.batch : [envelope]) onMessage(m as BusMessage);
  };
  const receive = (text: string) => {
    if (text.startsWith(own)) return;
    void (async () => {
      const envelope = JSON.parse(text) as { spill?: number; batch?: unknown };
      if (typeof envelope.spill !== 'number') return deliver(envelope);
      const spilled = await readSpill(db, envelope.spill);
      if (spilled !== null) deliver(JSON.parse(spilled) as { batch?: unknown });
    })().catch(onError);
  };
  const stop = await db.listen(BUS_CHANNEL, receive);
  const queue: Queued[] = [];
  let queuedBytes = 0;
  let seq = 0;
  let flushing: Promise<void> | null = null;

  /**
   * The payloads of one flush: messages packed into envelopes under NOTIFY's limit
   * (`{"from", "seq", "batch": [...]}`; seq keeps equal envelopes of one transaction apart, which
   * PostgreSQL would deliver once), and a larger message alone through the spill table.
   */
  const pack = async (tx: Tx, batch: Queued[]): Promise<string[]> => {
    const out: string[] = [];
    let items: string[] = [];
    let size = 0;
    const close = () => {
      if (items.length) out.push(`${own}"seq":${seq++},"batch":[${items.join(',')}]}`);
      items = [];
      size = 0;
    };
    let cleaned = false;
    for (const { text } of batch) {
      const bytes = Buffer.byteLength(text);
      if (bytes > NOTIFY_LIMIT - 100) {
        if (!cleaned) await tx.query("delete from need40_realtime.spill where created_at < now() - interval '5 minutes'");
        cleaned = true;
        const { rows } = await tx.query<{ id: string }>('insert into need40_realtime.spill (payload) values ($1) returning id', [text]);
        out.push(`${own}"spill":${Number(rows[0]!.id)}}`);
        continue;
      }
      if (size + bytes > NOTIFY_LIMIT - 100) close();
      items.push(text);
      size += bytes + 1;
    }
    close();
    return out;
  };

  const flush = async (): Promise<void> => {
    const batch = queue.splice(0, MAX_BATCH);
    for (const m of batch) queuedBytes -= m.text.length;
    try {
      await db.transaction(async (tx) => {
        const payloads = await pack(tx, batch);
        // One round trip for the whole flush, in order.
        await tx.query('select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, i) order by i', [BUS_CHANNEL, payloads]);
      });
      for (const m of batch) m.done();
    } catch (error) {
      for (const m of batch) m.done(error);
    }
  };
  const drain = () => {
    flushing ??= (async () => {
      await Promise.resolve(); // what the current task publishes (a whole REST batch) joins this transaction
      while (queue.length) await flush();
      flushing = null;
    })();
  };

  return {
    instanceId,
    publish(message) {
      const text = JSON.stringify({ ...message, from: instanceId });
      if (queuedBytes + text.length > MAX_QUEUED_BYTES) return Promise.reject(new BusFullError('realtime bus: too much waiting to be published; message dropped'));
      queuedBytes += text.length;
      return new Promise<void>((resolve, reject) => {
        queue.push({ text, done: (error) => (error === undefined ? resolve() : reject(error)) });
        drain();
      });
    },
    async close() {
      await flushing;
      await stop();
    },
  };
}

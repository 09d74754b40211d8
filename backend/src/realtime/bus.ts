/**
 * The message bus between backend instances, for what lives in no table: broadcast and presence.
 *   PGlite: one process owns the database, so the bus is a local loop.
 *   PostgreSQL: NOTIFY on `need40_realtime_bus`, which every instance LISTENs to on its dedicated
 *   connection. Messages over NOTIFY's 8000-byte limit travel through need40_realtime.spill.
 * Every instance also hears its own messages; receivers skip those by `from`.
 *
 * Publishing is coalesced: messages published while a transaction is under way go out together in
 * the next one, so a burst (a REST broadcast of 100 messages, 80 of them at once) costs a few
 * transactions instead of one per message — which took the pool from everyone else's reads. What
 * waits is bounded (MAX_QUEUED_BYTES): past it a message is dropped and the publisher told, as a
 * socket that does not read is closed rather than buffered.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/types';

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
  const receive = (text: string) => {
    void (async () => {
      let message = JSON.parse(text) as BusMessage & { spill?: number };
      if (typeof message.spill === 'number') {
        const spilled = await readSpill(db, message.spill);
        if (spilled === null) return;
        message = JSON.parse(spilled) as BusMessage;
      }
      if (message.from !== instanceId) onMessage(message);
    })().catch(onError);
  };
  const stop = await db.listen(BUS_CHANNEL, receive);
  const queue: Queued[] = [];
  let queuedBytes = 0;
  let seq = 0;
  let flushing: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    const batch = queue.splice(0, MAX_BATCH);
    for (const m of batch) queuedBytes -= m.text.length;
    try {
      await db.transaction(async (tx) => {
        let cleaned = false;
        for (const { text } of batch) {
          let payload = text;
          if (Buffer.byteLength(text) > NOTIFY_LIMIT) {
            if (!cleaned) await tx.query("delete from need40_realtime.spill where created_at < now() - interval '5 minutes'");
            cleaned = true;
            const { rows } = await tx.query<{ id: string }>('insert into need40_realtime.spill (payload) values ($1) returning id', [text]);
            payload = JSON.stringify({ spill: Number(rows[0]!.id) });
          }
          await tx.query('select pg_notify($1, $2)', [BUS_CHANNEL, payload]);
        }
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
      // seq: PostgreSQL delivers identical payloads of one transaction once; these must all arrive.
      const text = JSON.stringify({ ...message, from: instanceId, seq: seq++ });
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

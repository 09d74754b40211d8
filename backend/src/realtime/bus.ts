/**
 * The message bus between backend instances, for what lives in no table: broadcast and presence.
 *   PGlite: one process owns the database, so the bus is a local loop.
 *   PostgreSQL: NOTIFY on `need40_realtime_bus`, which every instance LISTENs to on its dedicated
 *   connection. Messages over NOTIFY's 8000-byte limit travel through need40_realtime.spill.
 * Every instance also hears its own messages; receivers skip those by `from`.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/types';

export const BUS_CHANNEL = 'need40_realtime_bus';
const NOTIFY_LIMIT = 7900;

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
  return {
    instanceId,
    async publish(message) {
      const text = JSON.stringify({ ...message, from: instanceId });
      await db.transaction(async (tx) => {
        let payload = text;
        if (Buffer.byteLength(text) > NOTIFY_LIMIT) {
          await tx.query("delete from need40_realtime.spill where created_at < now() - interval '5 minutes'");
          const { rows } = await tx.query<{ id: string }>('insert into need40_realtime.spill (payload) values ($1) returning id', [text]);
          payload = JSON.stringify({ spill: Number(rows[0]!.id) });
        }
        await tx.query('select pg_notify($1, $2)', [BUS_CHANNEL, payload]);
      });
    },
    close: stop,
  };
}

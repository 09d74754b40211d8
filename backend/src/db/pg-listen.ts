/**
 * LISTEN on PostgreSQL: a dedicated connection (outside the pool, which hands connections to
 * transactions and would drop a LISTEN with them). When the connection is lost it is opened again
 * with a growing delay (0.1 s … 5 s) and `onReconnect` is told, since NOTIFYs sent while it was
 * down are not replayed.
 */
import pg from 'pg';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function listenPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let delay = 100;

  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    c.on('error', () => undefined); // 'end' follows and reopens
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = undefined;
      setTimeout(() => void reopen(), delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${quoteIdent(channel)}`);
    client = c;
  };

  const reopen = async (): Promise<void> => {
    if (stopped) return;
    try {
      await open();
      delay = 100;
      onReconnect?.();
    } catch {
      delay = Math.min(delay * 2, 5000);
      setTimeout(() => void reopen(), delay).unref();
    }
  };

  await open();
  return async () => {
    stopped = true;
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/**
 * postgres_changes: each notification of the capture trigger (see the platform migration) becomes
 * one `postgres_changes` message per channel that may see it, with the ids of the channel's
 * bindings it matches. Changes are checked a few at a time but delivered in the order they were
 * notified, so a subscriber sees a row's INSERT before its UPDATE.
 */
import type { Database } from '../db/types';
import { readSpill } from './bus';
import { RawJson } from './protocol';
import type { Hub, HubChannel, PgSub } from './hub';
import { cachedTable, describeTable, type TableInfo } from './tables';
import { checkVisibility, type Candidate, type Op } from './visibility';

export const CHANGES_CHANNEL = 'need40_realtime';
/** Changes checked at once: each holds a database connection (PostgreSQL) or a turn (PGlite). */
const CONCURRENCY = 4;

interface Change {
  s: string;
  t: string;
  o: Op;
  ts: string;
  r: Record<string, unknown> | null;
  x: Record<string, unknown> | null;
}

interface Delivery {
  channel: HubChannel;
  payload: unknown;
}

const pick = (row: Record<string, unknown> | null, names: Iterable<string>) => {
  const out: Record<string, unknown> = {};
  if (row) for (const n of names) if (n in row) out[n] = row[n];
  return out;
};

/** The change as `role` may see it, serialised once per role. */
function dataFor(change: Change, table: TableInfo, role: string): string {
  const cols = table.selectable.get(role) ?? new Set<string>();
  const data: Record<string, unknown> = {
    schema: change.s,
    table: change.t,
    commit_timestamp: change.ts,
    type: change.o,
    columns: table.columns.filter((c) => cols.has(c.name)).map((c) => ({ name: c.name, type: c.type })),
    errors: null,
  };
  if (change.o !== 'DELETE') data.record = pick(change.r, cols);
  // Without REPLICA IDENTITY FULL, Realtime's old record is the primary key alone.
  if (change.o !== 'INSERT') data.old_record = pick(change.x, table.pk.filter((k) => cols.has(k)));
  return JSON.stringify(data);
}

export class ChangeDispatcher {
  private tail: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly db: Database, private readonly hub: Hub, private readonly onError: (error: unknown) => void) {}

  /** A notification on CHANGES_CHANNEL. Never throws, and one failed change never stops the next. */
  notify(text: string): void {
    const evaluated = this.slot(() => this.evaluate(text)).catch((error: unknown) => {
      this.onError(error);
      return [] as Delivery[];
    });
    this.then(async () => {
      for (const d of await evaluated) d.channel.push('postgres_changes', d.payload);
    });
  }

  /** Run `step` after everything queued so far; a step that fails is logged and the queue goes on. */
  private then(step: () => unknown): void {
    this.tail = this.tail.then(async () => {
      await step();
    }).catch(this.onError);
  }

  /**
   * The listener's connection was lost and is back. Changes committed meanwhile were never
   * notified and NOTIFY keeps no position to re-read from, so every channel with bindings hears
   * its bindings' `system` report again, after the changes notified before the loss: a client
   * re-reads what it shows on a repeated "Subscribed to PostgreSQL".
   */
  reconnected(): void {
    this.then(() => {
      for (const channel of this.hub.changeSubscribers()) channel.resubscribed();
    });
  }

  /** Resolves when every change notified so far has been delivered (tests, shutdown). */
  idle(): Promise<void> {
    return this.tail;
  }

  private async slot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inFlight >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    try {
      return await fn();
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  private async evaluate(text: string): Promise<Delivery[]> {
    let change = JSON.parse(text) as Change & { spill?: number };
    const matches = (sub: PgSub, c: Change) => sub.event === '*' || sub.event === c.o;
    const interested = (c: Change) => [...this.hub.bindings.on(c.s, c.t).values()].some((subs) => subs.some((sub) => matches(sub, c)));
    if (typeof change.spill === 'number') {
      const spilled = await readSpill(this.db, change.spill);
      if (spilled === null) return [];
      change = JSON.parse(spilled) as Change;
    } else if (!interested(change)) {
      return [];
    }
    const cached = cachedTable(this.db, change.s, change.t);
    const table = cached !== undefined ? cached : await this.db.transaction((tx) => describeTable(this.db, tx, change.s, change.t), { readOnly: true });
    if (!table) return [];
    const bindings: { channel: HubChannel; sub: PgSub; candidate: Candidate }[] = [];
    for (const [channel, subs] of this.hub.bindings.on(change.s, change.t)) {
      for (const sub of subs) {
        if (matches(sub, change)) bindings.push({ channel, sub, candidate: { identity: channel.identity, filter: sub.filter } });
      }
    }
    if (!bindings.length) return [];
    const image = (change.o === 'DELETE' ? change.x : change.r) ?? {};
    const seen = await checkVisibility(this.db, { table, op: change.o, image, candidates: bindings.map((b) => b.candidate) });
    const perChannel = new Map<HubChannel, number[]>();
    for (const b of bindings) {
      if (!seen.has(b.candidate)) continue;
      const ids = perChannel.get(b.channel) ?? [];
      ids.push(b.sub.id);
      perChannel.set(b.channel, ids);
    }
    const byRole = new Map<string, string>();
    return [...perChannel].map(([channel, ids]) => {
      const role = channel.identity.role;
      if (!byRole.has(role)) byRole.set(role, dataFor(change, table, role));
      return { channel, payload: new RawJson(`{"ids":${JSON.stringify(ids)},"data":${byRole.get(role)}}`) };
    });
  }
}

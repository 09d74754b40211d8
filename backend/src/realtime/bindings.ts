/**
 * The postgres_changes bindings of this instance's channels, by table: the candidates of a change
 * are found by its table (not by walking every channel), and the distinct filters of each table
 * are counted. Those counts are the ceiling on one change's filter evaluation
 * (REALTIME_MAX_FILTERS_PER_TABLE): a join that would pass it is refused, so no number of clients
 * can make a change of that table cost more to evaluate.
 */
import type { Filter } from './filters';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | '*';

/** One postgres_changes binding of a channel, bound to one table. */
export interface PgSub {
  id: number;
  event: ChangeEvent;
  schema: string;
  table: string;
  filter: Filter | null;
}

const tableKey = (schema: string, table: string) => `${schema}.${table}`;

export class TableBindings<C> {
  /** "schema.table" → channel → its bindings on that table. */
  private readonly byTable = new Map<string, Map<C, PgSub[]>>();
  /** "schema.table" → filter key → bindings using it. */
  private readonly filters = new Map<string, Map<string, number>>();
  private readonly ofChannel = new Map<C, readonly PgSub[]>();

  /** Replace a channel's bindings (none: forget it). */
  set(channel: C, subs: readonly PgSub[]): void {
    for (const sub of this.ofChannel.get(channel) ?? []) this.count(sub, -1, channel);
    if (subs.length) this.ofChannel.set(channel, [...subs]);
    else this.ofChannel.delete(channel);
    for (const sub of subs) this.count(sub, 1, channel);
  }

  /** The bindings on a table, with their channels. */
  on(schema: string, table: string): ReadonlyMap<C, PgSub[]> {
    return this.byTable.get(tableKey(schema, table)) ?? new Map();
  }

  /** The first table ("schema.table") whose distinct filters would pass `max` with `subs` added; null when they fit. */
  overCap(subs: readonly PgSub[], max: number): string | null {
    const added = new Map<string, Set<string>>();
    for (const sub of subs) {
      if (!sub.filter) continue;
      const t = tableKey(sub.schema, sub.table);
      if (this.filters.get(t)?.has(sub.filter.key)) continue;
      const keys = added.get(t) ?? new Set<string>();
      keys.add(sub.filter.key);
      added.set(t, keys);
    }
    for (const [t, keys] of added) if ((this.filters.get(t)?.size ?? 0) + keys.size > max) return t;
    return null;
  }

  /** Distinct filters on a table (the drill reports it). */
  filterCount(schema: string, table: string): number {
    return this.filters.get(tableKey(schema, table))?.size ?? 0;
  }

  private count(sub: PgSub, delta: 1 | -1, channel: C): void {
    const t = tableKey(sub.schema, sub.table);
    const channels = this.byTable.get(t) ?? new Map<C, PgSub[]>();
    const list = channels.get(channel) ?? [];
    const at = list.indexOf(sub);
    if (delta > 0) list.push(sub);
    else if (at >= 0) list.splice(at, 1);
    if (list.length) channels.set(channel, list);
    else channels.delete(channel);
    if (channels.size) this.byTable.set(t, channels);
    else this.byTable.delete(t);
    if (!sub.filter) return;
    const keys = this.filters.get(t) ?? new Map<string, number>();
    const n = (keys.get(sub.filter.key) ?? 0) + delta;
    if (n > 0) keys.set(sub.filter.key, n);
    else keys.delete(sub.filter.key);
    if (keys.size) this.filters.set(t, keys);
    else this.filters.delete(t);
  }
}

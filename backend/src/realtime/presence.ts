/**
 * Presence per topic, as Phoenix Presence shapes it: state `{key: {metas: [{phx_ref, …}]}}`, diffs
 * `{joins, leaves}` in the same shape. Each instance keeps the whole state of every topic: its own
 * channels' entries plus the entries other instances announce on the bus. An instance that stops
 * announcing itself (`alive` every 5 s) for 15 s is presumed gone and its entries leave; a new
 * instance asks the others to announce their entries again (`presence_sync`).
 */

export interface Meta {
  phx_ref: string;
  [key: string]: unknown;
}

export type PresenceMap = Record<string, { metas: Meta[] }>;

export interface Diff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

interface Entry {
  key: string;
  meta: Meta;
  owner: string;
}

export const ALIVE_EVERY_MS = 5_000;
const GONE_AFTER_MS = 15_000;

const add = (map: PresenceMap, key: string, meta: Meta) => {
  (map[key] ??= { metas: [] }).metas.push(meta);
};

export const isEmptyDiff = (d: Diff) => Object.keys(d.joins).length === 0 && Object.keys(d.leaves).length === 0;

export class PresenceStore {
  /** topic → phx_ref → entry */
  private readonly topics = new Map<string, Map<string, Entry>>();
  private readonly lastSeen = new Map<string, number>();

  state(topic: string): PresenceMap {
    const out: PresenceMap = {};
    for (const e of this.topics.get(topic)?.values() ?? []) add(out, e.key, e.meta);
    return out;
  }

  /** Apply a diff; returns the part that changed something (re-announced entries are skipped). */
  apply(topic: string, diff: Diff, owner: string): Diff {
    const entries = this.topics.get(topic) ?? new Map<string, Entry>();
    const changed: Diff = { joins: {}, leaves: {} };
    for (const [key, { metas }] of Object.entries(diff.leaves)) {
      for (const meta of metas) {
        const e = entries.get(meta.phx_ref);
        if (!e) continue;
        entries.delete(meta.phx_ref);
        add(changed.leaves, key, e.meta);
      }
    }
    for (const [key, { metas }] of Object.entries(diff.joins)) {
      for (const meta of metas) {
        if (entries.has(meta.phx_ref)) continue;
        entries.set(meta.phx_ref, { key, meta, owner });
        add(changed.joins, key, meta);
      }
    }
    if (entries.size) this.topics.set(topic, entries);
    else this.topics.delete(topic);
    return changed;
  }

  /** Entries owned by `owner`, per topic, as joins (re-announcing them). */
  owned(owner: string): Map<string, PresenceMap> {
    const out = new Map<string, PresenceMap>();
    for (const [topic, entries] of this.topics) {
      for (const e of entries.values()) {
        if (e.owner !== owner) continue;
        const map = out.get(topic) ?? {};
        add(map, e.key, e.meta);
        out.set(topic, map);
      }
    }
    return out;
  }

  seen(instance: string, now: number): void {
    this.lastSeen.set(instance, now);
  }

  /** Remove the entries of instances not heard from lately; returns the leaves per topic. */
  sweep(now: number): Map<string, Diff> {
    const gone = new Set([...this.lastSeen].filter(([, at]) => now - at > GONE_AFTER_MS).map(([id]) => id));
    for (const id of gone) this.lastSeen.delete(id);
    const out = new Map<string, Diff>();
    if (!gone.size) return out;
    for (const [topic, entries] of this.topics) {
      const leaves: PresenceMap = {};
      for (const e of entries.values()) if (gone.has(e.owner)) add(leaves, e.key, e.meta);
      if (Object.keys(leaves).length) out.set(topic, this.apply(topic, { joins: {}, leaves }, ''));
    }
    return out;
  }
}

/**
 * This instance's joined channels, by topic, and the fan-out of broadcast and presence: to the
 * local channels of the topic at once, and to the other instances through the bus. It also keeps
 * the postgres_changes bindings by table (bindings.ts): the change dispatcher's candidates and the
 * per-table ceiling on distinct filters.
 */
import type { Bus, BusMessage } from './bus';
import type { Identity } from './auth';
import { TableBindings, type PgSub } from './bindings';
import { contained, type OnError } from './contain';
import { ALIVE_EVERY_MS, PresenceStore, isEmptyDiff, type Diff } from './presence';
import { RawJson } from './protocol';

export type { ChangeEvent, PgSub } from './bindings';

/** What the hub and the change dispatcher need of a joined channel. */
export interface HubChannel {
  readonly topic: string;
  /**
   * Where its broadcast and presence live: the topic, kept apart for private channels, so a public
   * and a private channel of one name never hear each other (as on Supabase).
   */
  readonly room: string;
  readonly socketId: string;
  identity: Identity;
  readonly pgSubs: readonly PgSub[];
  /** Has postgres_changes bindings (resolved or not: a refreshed token may resolve them). */
  readonly hasBindings: boolean;
  readonly presenceEnabled: boolean;
  readonly selfBroadcast: boolean;
  push(event: string, payload: unknown): void;
  /** Its postgres_changes subscription was renewed (changes may have been missed meanwhile). */
  resubscribed(): void;
  pushBroadcast(event: string, payload: unknown, serialised: RawJson): void;
  /** Close from the server's side, saying why (standing.ts: the user was banned). */
  shutdown(message?: string): void;
}

/** A broadcast's payload as channels send it, serialised once for every member of the topic. */
const broadcastJson = (event: string, payload: unknown) => new RawJson(JSON.stringify({ type: 'broadcast', event, payload }));

export class Hub {
  private readonly byTopic = new Map<string, Set<HubChannel>>();
  private readonly withChanges = new Set<HubChannel>();
  readonly bindings = new TableBindings<HubChannel>();
  readonly presence = new PresenceStore();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly bus: Bus, private readonly onError: OnError) {}

  start(): void {
    this.publish({ kind: 'presence_sync' });
    this.timer = setInterval(contained(this.onError, () => {
      this.publish({ kind: 'alive' });
      for (const [topic, diff] of this.presence.sweep(Date.now())) this.deliverPresence(topic, diff);
    }), ALIVE_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  get channelCount(): number {
    let n = 0;
    for (const set of this.byTopic.values()) n += set.size;
    return n;
  }

  add(channel: HubChannel): void {
    const set = this.byTopic.get(channel.room) ?? new Set();
    set.add(channel);
    this.byTopic.set(channel.room, set);
    if (channel.hasBindings) this.withChanges.add(channel);
    this.bindings.set(channel, channel.pgSubs);
  }

  remove(channel: HubChannel): void {
    const set = this.byTopic.get(channel.room);
    set?.delete(channel);
    if (set && !set.size) this.byTopic.delete(channel.room);
    this.withChanges.delete(channel);
    this.bindings.set(channel, []);
  }

  /** A channel's bindings were resolved again (a refreshed token). */
  rebind(channel: HubChannel): void {
    if (this.withChanges.has(channel)) this.bindings.set(channel, channel.pgSubs);
  }

  /** Every joined channel of this instance. */
  *channels(): Iterable<HubChannel> {
    for (const set of this.byTopic.values()) yield* set;
  }

  /** Channels with postgres_changes bindings (told when the change feed was renewed). */
  changeSubscribers(): Iterable<HubChannel> {
    return this.withChanges;
  }

  broadcast(from: HubChannel | null, room: string, event: string, payload: unknown): void {
    this.deliverBroadcast(room, event, payload, from);
    const wire = Buffer.isBuffer((payload as { binary?: unknown })?.binary)
      ? { binary: (payload as { binary: Buffer }).binary.toString('base64') }
      : { json: payload };
    this.publish({ kind: 'broadcast', topic: room, event, ...wire });
  }

  /** A presence change made by a channel of this instance (`topic`: its room). */
  presenceChange(topic: string, diff: Diff): void {
    const changed = this.presence.apply(topic, diff, this.bus.instanceId);
    if (isEmptyDiff(changed)) return;
    this.deliverPresence(topic, changed);
    this.publish({ kind: 'presence', topic, diff: changed });
  }

  receive(message: BusMessage): void {
    this.presence.seen(message.from, Date.now());
    const topic = typeof message.topic === 'string' ? message.topic : '';
    if (message.kind === 'broadcast' && typeof message.event === 'string') {
      const payload = typeof message.binary === 'string' ? { binary: Buffer.from(message.binary, 'base64') } : message.json;
      this.deliverBroadcast(topic, message.event, payload, null);
    } else if (message.kind === 'presence') {
      const changed = this.presence.apply(topic, message.diff as Diff, message.from);
      if (!isEmptyDiff(changed)) this.deliverPresence(topic, changed);
    } else if (message.kind === 'presence_sync') {
      for (const [t, joins] of this.presence.owned(this.bus.instanceId)) this.publish({ kind: 'presence', topic: t, diff: { joins, leaves: {} } });
    }
  }

  private deliverBroadcast(room: string, event: string, payload: unknown, from: HubChannel | null): void {
    const members = this.byTopic.get(room);
    if (!members) return;
    const serialised = broadcastJson(event, payload);
    for (const c of members) if (c !== from || c.selfBroadcast) c.pushBroadcast(event, payload, serialised);
  }

  private deliverPresence(topic: string, diff: Diff): void {
    const members = this.byTopic.get(topic);
    if (!members) return;
    const serialised = new RawJson(JSON.stringify(diff));
    for (const c of members) if (c.presenceEnabled) c.push('presence_diff', serialised);
  }

  private publish(message: Omit<BusMessage, 'from'>): void {
    this.bus.publish(message).catch(this.onError);
  }
}

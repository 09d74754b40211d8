/**
 * This instance's joined channels, by topic, and the fan-out of broadcast and presence: to the
 * local channels of the topic at once, and to the other instances through the bus.
 */
import type { Bus, BusMessage } from './bus';
import type { Identity } from './auth';
import type { Filter } from './filters';
import { ALIVE_EVERY_MS, PresenceStore, isEmptyDiff, type Diff } from './presence';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | '*';

/** One postgres_changes binding of a channel, bound to one table. */
export interface PgSub {
  id: number;
  event: ChangeEvent;
  schema: string;
  table: string;
  filter: Filter | null;
}

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
  readonly pgSubs: PgSub[];
  /** Has postgres_changes bindings (resolved or not: a refreshed token may resolve them). */
  readonly hasBindings: boolean;
  readonly presenceEnabled: boolean;
  readonly selfBroadcast: boolean;
  push(event: string, payload: unknown): void;
  /** Its postgres_changes subscription was renewed (changes may have been missed meanwhile). */
  resubscribed(): void;
  pushBroadcast(event: string, payload: unknown): void;
  /** Close from the server's side, saying why (standing.ts: the user was banned). */
  shutdown(message?: string): void;
}

export class Hub {
  private readonly byTopic = new Map<string, Set<HubChannel>>();
  private readonly withChanges = new Set<HubChannel>();
  readonly presence = new PresenceStore();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly bus: Bus, private readonly onError: (error: unknown) => void) {}

  start(): void {
    this.publish({ kind: 'presence_sync' });
    this.timer = setInterval(() => {
      this.publish({ kind: 'alive' });
      for (const [topic, diff] of this.presence.sweep(Date.now())) this.deliverPresence(topic, diff);
    }, ALIVE_EVERY_MS);
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
  }

  remove(channel: HubChannel): void {
    const set = this.byTopic.get(channel.room);
    set?.delete(channel);
    if (set && !set.size) this.byTopic.delete(channel.room);
    this.withChanges.delete(channel);
  }

  /** Every joined channel of this instance. */
  *channels(): Iterable<HubChannel> {
    for (const set of this.byTopic.values()) yield* set;
  }

  /** Channels with postgres_changes bindings (the dispatcher's candidates). */
  changeSubscribers(): Iterable<HubChannel> {
    return this.withChanges;
  }

  broadcast(from: HubChannel | null, room: string, event: string, payload: unknown): void {
    for (const c of this.byTopic.get(room) ?? []) {
      if (c !== from || c.selfBroadcast) c.pushBroadcast(event, payload);
    }
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
      for (const c of this.byTopic.get(topic) ?? []) c.pushBroadcast(message.event, payload);
    } else if (message.kind === 'presence') {
      const changed = this.presence.apply(topic, message.diff as Diff, message.from);
      if (!isEmptyDiff(changed)) this.deliverPresence(topic, changed);
    } else if (message.kind === 'presence_sync') {
      for (const [t, joins] of this.presence.owned(this.bus.instanceId)) this.publish({ kind: 'presence', topic: t, diff: { joins, leaves: {} } });
    }
  }

  private deliverPresence(topic: string, diff: Diff): void {
    for (const c of this.byTopic.get(topic) ?? []) if (c.presenceEnabled) c.push('presence_diff', diff);
  }

  private publish(message: Omit<BusMessage, 'from'>): void {
    this.bus.publish(message).catch(this.onError);
  }
}

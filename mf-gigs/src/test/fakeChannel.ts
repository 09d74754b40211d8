/**
 * A stand-in for a realtime channel of the shared client, for component tests: records the
 * listeners a hook adds and lets the test play the server (subscribed, a row inserted, a
 * broadcast, a presence sync). Use with
 *   vi.mock('<path>/lib/messages/channel', () => import('<path>/test/fakeChannel'))
 */
type Listener = { type: string; filter: Record<string, unknown>; callback: (payload: never) => void };

export class FakeChannel {
  listeners: Listener[] = [];
  sent: unknown[] = [];
  tracked: unknown[] = [];
  presence: Record<string, unknown[]> = {};
  closed = false;
  private status: ((status: string) => void) | undefined;

  constructor(readonly topic: string, readonly options: unknown = {}) {}

  on(type: string, filter: Record<string, unknown>, callback: (payload: never) => void) {
    this.listeners.push({ type, filter, callback });
    return this;
  }
  subscribe(callback?: (status: string) => void) {
    this.status = callback;
    return this;
  }
  send(message: unknown) {
    this.sent.push(message);
    return Promise.resolve('ok');
  }
  track(payload: unknown) {
    this.tracked.push(payload);
    return Promise.resolve('ok');
  }
  presenceState() {
    return this.presence;
  }

  /** The server: the join succeeded (again, after a reconnect). */
  subscribed() {
    this.status?.('SUBSCRIBED');
  }
  /** The server: a postgres change reached this member. */
  change(table: string, row: object, event = 'INSERT') {
    for (const l of this.listeners) {
      if (l.type === 'postgres_changes' && l.filter.table === table && (l.filter.event === event || l.filter.event === '*')) {
        l.callback({ eventType: event, table, new: row } as never);
      }
    }
  }
  broadcast(event: string, payload: unknown) {
    for (const l of this.listeners) if (l.type === 'broadcast' && l.filter.event === event) l.callback({ event, payload } as never);
  }
  syncPresence(state: Record<string, unknown[]>) {
    this.presence = state;
    for (const l of this.listeners) if (l.type === 'presence' && l.filter.event === 'sync') l.callback(undefined as never);
  }
}

/** Every channel opened since the last reset, newest last. */
export const channels: FakeChannel[] = [];

export function openChannel(topic: string, options: unknown, setup: (channel: never) => void): () => void {
  const channel = new FakeChannel(topic, options);
  channels.push(channel);
  setup(channel as never);
  return () => {
    channel.closed = true;
  };
}

export const privateTopic = (name: string) => name;

export function resetChannels(): void {
  channels.length = 0;
}

/** The open channel whose topic starts with `prefix`. */
export function channelFor(prefix: string): FakeChannel {
  const found = [...channels].reverse().find((c) => !c.closed && c.topic.startsWith(prefix));
  if (!found) throw new Error(`no open channel ${prefix}; have ${channels.map((c) => c.topic).join(', ')}`);
  return found;
}

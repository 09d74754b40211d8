/**
 * A realtime channel of the fake client (fakeSupabase.ts): records the listeners the code adds and
 * lets the test play the server — the join succeeded (again, after a reconnect), a row changed, a
 * broadcast arrived, presence synced.
 *
 *   supabase.channelFor('need40-latest-gigs').subscribed();
 *   supabase.channelFor('need40-latest-gigs').change('gigs', { id, status: 'filled' }, 'UPDATE');
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


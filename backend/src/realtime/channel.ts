/**
 * One joined channel of one socket (Realtime's RealtimeChannel): broadcast, presence, the token it
 * acts as (refreshed by `access_token`, re-checked at its exp) and its postgres_changes bindings.
 * When its token expires or a refresh is refused it shuts down as Realtime does: a `system` error
 * message, then `phx_close`.
 */
import { randomUUID } from 'node:crypto';
import { identify, TokenError, type Identity } from './auth';
import { unauthorizedRead, type Permissions } from './authorize';
import type { Hub, HubChannel, PgSub } from './hub';
import type { Binding, ResolvedBindings } from './join';
import type { ChannelHost, ChannelOptions } from './channel-host';
import { containedTimer } from './contain';
import { MAX_PRESENCE_BYTES, TOKEN_CHECK_MS } from './limits';
import type { Meta } from './presence';
import { isBinaryPayload, type RawJson } from './protocol';
import { REFUSALS } from './quota';

export class Channel implements HubChannel {
  readonly topic: string;
  readonly room: string;
  readonly joinRef: string;
  identity: Identity;
  private readonly isPrivate: boolean;
  private permissions: Permissions;
  pgSubs: readonly PgSub[];
  private readonly bindings: Binding[];
  private readonly bindingIds: number[];
  readonly presenceEnabled: boolean;
  readonly selfBroadcast: boolean;
  private readonly ackBroadcast: boolean;
  private readonly presenceKey: string;
  private token: string;
  private presenceMeta: Meta | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private bindingsReport: Record<string, string> | undefined;

  constructor(private readonly host: ChannelHost, private readonly hub: Hub, o: ChannelOptions) {
    this.topic = o.topic;
    this.isPrivate = o.private;
    this.room = o.private ? `private|${o.topic}` : o.topic;
    this.permissions = o.permissions;
    this.joinRef = o.joinRef;
    this.identity = o.identity;
    this.token = o.token;
    this.bindings = o.bindings;
    this.bindingIds = o.resolved.reply.map((r) => r.id);
    this.pgSubs = o.resolved.subs;
    this.presenceKey = o.presenceKey;
    this.presenceEnabled = o.presenceEnabled && o.permissions.presenceRead;
    this.selfBroadcast = o.selfBroadcast;
    this.ackBroadcast = o.ackBroadcast;
  }

  get socketId(): string {
    return this.host.socketId;
  }

  private get subTopic(): string {
    return this.topic.replace(/^realtime:/, '');
  }

  get hasBindings(): boolean {
    return this.bindings.length > 0;
  }

  /** Its postgres_changes bindings as the client asked for them (the socket's cap counts these). */
  get bindingCount(): number {
    return this.bindings.length;
  }

  start(): void {
    this.hub.add(this);
    this.schedule();
  }

  /** Realtime's system message on the state of the postgres_changes bindings. */
  reportBindings(resolved: ResolvedBindings): void {
    if (!this.bindings.length) return;
    this.bindingsReport = resolved.problems.length
      ? { extension: 'postgres_changes', status: 'error', message: resolved.problems.join('; '), channel: this.subTopic }
      : { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: this.subTopic };
    this.push('system', this.bindingsReport);
  }

  /** The change listener reconnected: report the bindings again, as Realtime does after resubscribing. */
  resubscribed(): void {
    if (this.bindingsReport) this.push('system', this.bindingsReport);
  }

  push(event: string, payload: unknown): void {
    if (!this.closed) this.host.send(this.topic, event, payload, null, this.joinRef);
  }

  /** `serialised`: `{type: 'broadcast', event, payload}` as JSON, made once for every member. */
  pushBroadcast(event: string, payload: unknown, serialised: RawJson): void {
    if (this.closed) return;
    if (isBinaryPayload(payload)) this.host.sendBinaryBroadcast(this.topic, event, payload.binary);
    else this.push('broadcast', serialised);
  }

  private reply(ref: string | null, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    if (ref !== null && !this.closed) this.host.send(this.topic, 'phx_reply', { status, response }, ref, this.joinRef);
  }

  /** A message from the client on this channel's topic. */
  async handle(event: string, payload: Record<string, unknown>, ref: string | null): Promise<void> {
    if (event === 'phx_leave') {
      this.reply(ref, 'ok');
      this.close();
    } else if (event === 'broadcast') {
      if (typeof payload.event !== 'string' || payload.event.length > 255) return this.reply(ref, 'error', { reason: 'broadcast needs an event name' });
      // Without write permission on a private channel the message is dropped, as Realtime does.
      if (!this.permissions.broadcastWrite) return;
      this.hub.broadcast(this, this.room, payload.event, payload.payload);
      if (this.ackBroadcast) this.reply(ref, 'ok');
    } else if (event === 'presence') {
      if (this.permissions.presenceWrite) this.presence(payload, ref);
    } else if (event === 'access_token') {
      await this.refresh(payload.access_token);
    }
    // Anything else is ignored, as Realtime does.
  }

  /**
   * track / untrack, bounded as Realtime bounds them: a meta over MAX_PRESENCE_BYTES, or more
   * presence messages than the socket's rate, shut the channel down with Realtime's reason (after
   * an error reply, so `track()` resolves instead of timing out). Nothing is stored before that.
   */
  private presence(payload: Record<string, unknown>, ref: string | null): void {
    const leaves = this.presenceMeta ? { [this.presenceKey]: { metas: [this.presenceMeta] } } : {};
    if (payload.event === 'track' || payload.event === 'untrack') {
      if (!this.host.presenceAllowed()) return this.refuse(ref, REFUSALS.tooManyPresence);
    }
    if (payload.event === 'track') {
      const meta = payload.payload;
      if (meta !== undefined && (meta === null || typeof meta !== 'object' || Array.isArray(meta))) return this.reply(ref, 'error', { reason: 'presence payload must be an object' });
      // The frame's depth is bounded already (protocol.ts), so serialising it here is safe.
      if (meta !== undefined && Buffer.byteLength(JSON.stringify(meta)) > MAX_PRESENCE_BYTES) return this.refuse(ref, REFUSALS.trackTooLarge);
      this.presenceMeta = { ...(meta as Record<string, unknown> | undefined), phx_ref: randomUUID().slice(0, 12) };
      this.hub.presenceChange(this.room, { joins: { [this.presenceKey]: { metas: [this.presenceMeta] } }, leaves });
      this.reply(ref, 'ok');
    } else if (payload.event === 'untrack') {
      this.presenceMeta = undefined;
      this.hub.presenceChange(this.room, { joins: {}, leaves });
      this.reply(ref, 'ok');
    } else {
      this.reply(ref, 'error', { reason: 'presence event must be track or untrack' });
    }
  }

  private refuse(ref: string | null, reason: string): void {
    this.reply(ref, 'error', { reason });
    this.shutdown(reason);
  }

  private async refresh(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === this.token) return;
    try {
      const identity = await identify(token, this.host.secret, this.host.now());
      // As Realtime does, the bindings are subscribed again with the new claims (e.g. a join made
      // with the anon key before the session was known now reaches the user's own rows).
      const resolved = this.bindings.length ? await this.host.resolve(this.bindings, identity, this.bindingIds) : undefined;
      // A private channel is authorised again for the new claims; losing read closes it.
      const permissions = this.isPrivate ? await this.host.authorize(this.subTopic, identity) : this.permissions;
      if (this.closed) return;
      if (!permissions.broadcastRead) return this.shutdown(unauthorizedRead(this.subTopic));
      this.permissions = permissions;
      this.identity = identity;
      this.token = token;
      if (resolved) {
        this.pgSubs = resolved.subs;
        this.hub.rebind(this);
        this.reportBindings(resolved);
      }
      this.schedule();
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      this.shutdown(error.message);
    }
  }

  /** Re-check the token at its exp (and every few minutes): an expired one shuts the channel. */
  private schedule(): void {
    clearTimeout(this.timer);
    const left = this.identity.exp * 1000 - this.host.now();
    if (left <= 0) return this.shutdown(`Token has expired ${Math.floor(-left / 1000)} seconds ago`);
    this.timer = containedTimer(this.host.onError, Math.min(left + 50, TOKEN_CHECK_MS), () => this.schedule());
  }

  /** Close from the server's side: a `system` error saying why (when given), then `phx_close`. */
  shutdown(message?: string): void {
    if (this.closed) return;
    if (message) this.push('system', { extension: 'system', status: 'error', message, channel: this.subTopic });
    this.host.send(this.topic, 'phx_close', {}, this.joinRef, this.joinRef);
    this.close();
  }

  /** Stop delivering, leave presence, forget the channel. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.hub.remove(this);
    if (this.presenceMeta) this.hub.presenceChange(this.room, { joins: {}, leaves: { [this.presenceKey]: { metas: [this.presenceMeta] } } });
    this.presenceMeta = undefined;
    this.host.dropped(this);
  }
}

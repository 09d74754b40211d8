/**
 * One WebSocket (Phoenix's socket): decodes frames, answers heartbeats, joins channels and routes
 * each message to its channel. Bounded: frames that are not Phoenix messages or are nested too
 * deeply close the socket (1007), so do more than MAX_MESSAGES_PER_SECOND, or more than its IP's
 * REALTIME_MAX_EVENTS_PER_SECOND (1008), and a silent socket (IDLE_TIMEOUT_MS); a client that
 * does not read is closed rather than buffered (1013). Joins are limited per IP, channels and
 * postgres_changes bindings per socket (quota.ts). Its listeners and timers are contained
 * (contain.ts): whatever fails in them is logged, and at worst this socket is closed (1011).
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { jwtKeys, type JwtKeys } from '../security/jwt-keys';
import type { Services } from '../services';
import { identify, TokenError, type Identity } from './auth';
import { ALL_PERMISSIONS, channelPermissions, unauthorizedRead, type Permissions } from './authorize';
import { Channel } from './channel';
import type { ChannelHost } from './channel-host';
import { contained, containedTimer } from './contain';
import type { Hub } from './hub';
import { joinPayload, resolveBindings, type Binding, type JoinPayload, type ResolvedBindings } from './join';
import { realtimeMetrics } from './metrics';
import { IDLE_TIMEOUT_MS, MAX_BUFFERED_BYTES, MAX_MESSAGES_PER_SECOND, MAX_PRESENCE_EVENTS_PER_SECOND, MAX_TOPIC_LENGTH } from './limits';
import { standingFor, SUSPENDED_REASON } from './standing';
import { decodeBinary, decodeText, encodeBinaryBroadcast, encodeText, type Frame, type Vsn } from './protocol';
import { REFUSALS, type RealtimeQuota } from './quota';
import { Buckets } from './rate';

export class Connection implements ChannelHost {
  readonly socketId = randomUUID();
  private readonly channels = new Map<string, Channel>();
  /** Joins under way per topic (they count against the channel limit before they finish). */
  private readonly joining = new Map<string, number>();
  /** postgres_changes bindings of joins under way (they count against the socket's cap). */
  private bindingsJoining = 0;
  private idle: NodeJS.Timeout | undefined;
  /** This socket's own rates: every message, and presence messages. */
  private readonly rates = {
    messages: new Buckets(MAX_MESSAGES_PER_SECOND, MAX_MESSAGES_PER_SECOND),
    presence: new Buckets(MAX_PRESENCE_EVENTS_PER_SECOND, 2 * MAX_PRESENCE_EVENTS_PER_SECOND),
  };

  /** `ip`: the client's address, for the per-IP limits. */
  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    private readonly apikey: string,
    private readonly services: Services,
    private readonly hub: Hub,
    private readonly quota: RealtimeQuota,
    private readonly ip: string,
    readonly onError: (error: unknown) => void,
  ) {
    ws.on('message', contained(this.failed, (data: Buffer, isBinary: boolean) => this.receive(data, isBinary)));
    ws.on('close', contained(onError, () => this.teardown()));
    ws.on('error', contained(onError, () => ws.terminate()));
    this.touch();
  }

  /** Something failed while handling this socket: log it and close the socket (1011), not the process. */
  private readonly failed = (error: unknown) => {
    this.onError(error);
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(1011, 'internal error');
  };

  get secret(): JwtKeys {
    return jwtKeys(this.services.config);
  }

  now(): number {
    return this.services.now();
  }

  private touch(): void {
    clearTimeout(this.idle);
    this.idle = containedTimer(this.onError, IDLE_TIMEOUT_MS, () => this.ws.close(1000, 'idle'));
  }

  presenceAllowed(): boolean {
    return this.rates.presence.take('');
  }

  private write(data: string | Buffer, event: string): void {
    const metrics = realtimeMetrics(this.services);
    if (this.ws.readyState !== this.ws.OPEN) return metrics.dropped('closing');
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      metrics.dropped('too_slow');
      this.ws.close(1013, 'client too slow');
      return;
    }
    this.ws.send(data);
    metrics.delivered(event);
  }

  /** Never throws: a frame that cannot be encoded closes this socket (fan-out loops go on to the others). */
  send(topic: string, event: string, payload: unknown, ref: string | null, joinRef: string | null): void {
    let text: string;
    try {
      text = encodeText({ topic, event, payload, ref, joinRef }, this.vsn);
    } catch (error) {
      return this.failed(error);
    }
    this.write(text, event);
  }

  sendBinaryBroadcast(topic: string, event: string, bytes: Buffer): void {
    const frame = this.vsn === '2.0.0' ? encodeBinaryBroadcast(topic, event, bytes) : null;
    if (frame) this.write(frame, 'broadcast');
  }

  authorize(subTopic: string, identity: Identity): Promise<Permissions> {
    return channelPermissions(this.services.db, subTopic, identity);
  }

  resolve(bindings: Binding[], identity: Identity, ids: number[]): Promise<ResolvedBindings> {
    return resolveBindings(this.services.db, bindings, identity, ids);
  }

  dropped(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private reply(f: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send(f.topic, 'phx_reply', { status, response }, f.ref, f.joinRef);
  }

  private receive(data: Buffer, isBinary: boolean): void {
    this.touch();
    if (!this.rates.messages.take('') || !this.quota.events.take(this.ip)) {
      for (const c of [...this.channels.values()]) c.shutdown(REFUSALS.tooManyMessages);
      this.ws.close(1008, 'too many messages');
      return;
    }
    const frame = isBinary ? decodeBinary(data) : decodeText(data.toString('utf8'), this.vsn);
    if (!frame) {
      this.ws.close(1007, 'invalid message');
      return;
    }
    this.route(frame).catch((error: unknown) => {
      this.onError(error);
      if (frame.ref !== null) this.reply(frame, 'error', { reason: 'Internal error' });
    }).catch(this.failed);
  }

  private async route(f: Frame): Promise<void> {
    if (f.topic === 'phoenix' && f.event === 'heartbeat') return this.reply(f, 'ok', {});
    if (f.event === 'phx_join') {
      if (this.channelCount() >= this.services.config.REALTIME_MAX_CHANNELS_PER_SOCKET && !this.channels.has(f.topic) && !this.joining.has(f.topic)) {
        return this.reply(f, 'error', { reason: REFUSALS.tooManyChannels });
      }
      // Before any database work: a join costs a transaction.
      if (!this.quota.joins.take(this.ip)) return this.reply(f, 'error', { reason: REFUSALS.tooManyJoins });
      this.joining.set(f.topic, (this.joining.get(f.topic) ?? 0) + 1);
      try {
        return await this.join(f);
      } finally {
        const n = this.joining.get(f.topic)! - 1;
        if (n) this.joining.set(f.topic, n);
        else this.joining.delete(f.topic);
      }
    }
    const channel = this.channels.get(f.topic);
    if (!channel || (f.joinRef !== null && f.joinRef !== channel.joinRef)) {
      if (f.event !== 'phx_leave' || f.ref === null) return this.reply(f, 'error', { reason: 'unmatched topic' });
      return this.reply(f, 'ok', {});
    }
    await channel.handle(f.event, f.payload as Record<string, unknown>, f.ref);
  }

  private async join(f: Frame): Promise<void> {
    const fail = (reason: string) => this.reply(f, 'error', { reason });
    if (!f.topic.startsWith('realtime:') || f.topic.length > MAX_TOPIC_LENGTH) return fail('unmatched topic');
    if (f.topic === 'realtime:') return fail('You must provide a topic name');
    if (f.joinRef === null) return fail('join_ref is required');
    const parsed = joinPayload.safeParse(f.payload);
    if (!parsed.success) return fail('Invalid join payload');
    const config = parsed.data.config ?? {};
    // A join on a topic this socket has already joined replaces it, as Phoenix does.
    this.channels.get(f.topic)?.shutdown();
    const wanted = config.postgres_changes?.length ?? 0;
    const maxBindings = this.services.config.REALTIME_MAX_BINDINGS_PER_SOCKET;
    if (this.bindingsHeld() + this.bindingsJoining + wanted > maxBindings) return fail(REFUSALS.tooManyBindings(maxBindings));
    this.bindingsJoining += wanted;
    try {
      await this.open({ ...f, joinRef: f.joinRef }, config, parsed.data.access_token ?? parsed.data.user_token ?? this.apikey);
    } finally {
      this.bindingsJoining -= wanted;
    }
  }

  /** Channels joined or joining (a topic counts once). */
  private channelCount(): number {
    let n = this.channels.size;
    for (const topic of this.joining.keys()) if (!this.channels.has(topic)) n++;
    return n;
  }

  private bindingsHeld(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.bindingCount;
    return n;
  }

  private async open(f: Frame & { joinRef: string }, config: NonNullable<JoinPayload['config']>, token: string): Promise<void> {
    const fail = (reason: string) => this.reply(f, 'error', { reason });
    let identity;
    try {
      identity = await identify(token, this.secret, this.now());
    } catch (error) {
      if (error instanceof TokenError) return fail(error.message);
      throw error;
    }
    if (!(await standingFor(this.services).allowed(identity))) return fail(SUSPENDED_REASON);
    const subTopic = f.topic.slice('realtime:'.length);
    const permissions = config.private ? await this.authorize(subTopic, identity) : ALL_PERMISSIONS;
    if (!permissions.broadcastRead) return fail(unauthorizedRead(subTopic));
    const bindings = await resolveBindings(this.services.db, config.postgres_changes ?? [], identity);
    if (bindings.problems.length && config.postgres_changes_options?.wait) return fail(`RealtimeDisabledForConfiguration: ${bindings.problems[0]}`);
    if (this.ws.readyState !== this.ws.OPEN) return;
    const crowded = this.hub.bindings.overCap(bindings.subs, this.services.config.REALTIME_MAX_FILTERS_PER_TABLE);
    if (crowded) return fail(REFUSALS.tooManyFilters(crowded));
    const channel = new Channel(this, this.hub, {
      topic: f.topic,
      joinRef: f.joinRef,
      identity,
      token,
      bindings: config.postgres_changes ?? [],
      resolved: bindings,
      presenceKey: config.presence?.key || randomUUID(),
      presenceEnabled: config.presence?.enabled === true,
      selfBroadcast: config.broadcast?.self === true,
      ackBroadcast: config.broadcast?.ack === true,
      private: config.private === true,
      permissions,
    });
    this.channels.set(f.topic, channel);
    channel.start();
    this.reply(f, 'ok', config.postgres_changes?.length ? { postgres_changes: bindings.reply } : {});
    if (channel.presenceEnabled) channel.push('presence_state', this.hub.presence.state(channel.room));
    channel.reportBindings(bindings);
  }

  /** Each channel leaves on its own: one that fails to close cannot keep the others' presence. */
  private teardown(): void {
    clearTimeout(this.idle);
    for (const c of [...this.channels.values()]) contained(this.onError, () => c.close())();
  }
}

/**
 * One WebSocket (Phoenix's socket): decodes frames, answers heartbeats, joins channels and routes
 * each message to its channel. Bounded: frames that are not Phoenix messages close the socket
 * (1007), so do more than MAX_MESSAGES_PER_SECOND (1008) and a silent socket (IDLE_TIMEOUT_MS);
 * a client that does not read is closed rather than buffered (1013).
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { jwtKeys, type JwtKeys } from '../security/jwt-keys';
import type { Services } from '../services';
import { identify, TokenError, type Identity } from './auth';
import { ALL_PERMISSIONS, channelPermissions, unauthorizedRead, type Permissions } from './authorize';
import { Channel } from './channel';
import type { ChannelHost } from './channel-host';
import type { Hub } from './hub';
import { joinPayload, resolveBindings, type Binding, type ResolvedBindings } from './join';
import { IDLE_TIMEOUT_MS, MAX_BUFFERED_BYTES, MAX_MESSAGES_PER_SECOND, MAX_TOPIC_LENGTH } from './limits';
import { standingFor, SUSPENDED_REASON } from './standing';
import { decodeBinary, decodeText, encodeBinaryBroadcast, encodeText, type Frame, type Vsn } from './protocol';

export class Connection implements ChannelHost {
  readonly socketId = randomUUID();
  private readonly channels = new Map<string, Channel>();
  /** Joins under way (they count against the channel limit before they finish). */
  private joining = 0;
  private idle: NodeJS.Timeout | undefined;
  private tokens = MAX_MESSAGES_PER_SECOND;
  private refilled = Date.now();

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    private readonly apikey: string,
    private readonly services: Services,
    private readonly hub: Hub,
    readonly onError: (error: unknown) => void,
  ) {
    ws.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
    ws.on('close', () => this.teardown());
    ws.on('error', () => ws.terminate());
    this.touch();
  }

  get secret(): JwtKeys {
    return jwtKeys(this.services.config);
  }

  now(): number {
    return this.services.now();
  }

  private touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.ws.close(1000, 'idle'), IDLE_TIMEOUT_MS);
    this.idle.unref();
  }

  private write(data: string | Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(1013, 'client too slow');
      return;
    }
    this.ws.send(data);
  }

  send(topic: string, event: string, payload: unknown, ref: string | null, joinRef: string | null): void {
    this.write(encodeText({ topic, event, payload, ref, joinRef }, this.vsn));
  }

  sendBinaryBroadcast(topic: string, event: string, bytes: Buffer): void {
    const frame = this.vsn === '2.0.0' ? encodeBinaryBroadcast(topic, event, bytes) : null;
    if (frame) this.write(frame);
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

  private allowed(): boolean {
    const now = Date.now();
    this.tokens = Math.min(MAX_MESSAGES_PER_SECOND, this.tokens + ((now - this.refilled) / 1000) * MAX_MESSAGES_PER_SECOND);
    this.refilled = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private receive(data: Buffer, isBinary: boolean): void {
    this.touch();
    if (!this.allowed()) {
      for (const c of this.channels.values()) c.shutdown('Too many messages per second');
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
    });
  }

  private async route(f: Frame): Promise<void> {
    if (f.topic === 'phoenix' && f.event === 'heartbeat') return this.reply(f, 'ok', {});
    if (f.event === 'phx_join') {
      if (this.channels.size + this.joining >= this.services.config.REALTIME_MAX_CHANNELS_PER_SOCKET && !this.channels.has(f.topic)) {
        return this.reply(f, 'error', { reason: 'Too many channels' });
      }
      this.joining++;
      try {
        return await this.join(f);
      } finally {
        this.joining--;
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
    const token = parsed.data.access_token ?? parsed.data.user_token ?? this.apikey;
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

  private teardown(): void {
    clearTimeout(this.idle);
    for (const c of [...this.channels.values()]) c.close();
  }
}

/**
 * The per-instance counters behind the configured limits of /realtime/v1 (config-realtime.ts),
 * shared by every socket and by the REST broadcast, with the refusals clients see. The reasons are
 * Supabase Realtime's own, so realtime-js reports them as it would against hosted Supabase: join
 * errors reach `subscribe()` as CHANNEL_ERROR with the reason, upgrade refusals are HTTP 429 with
 * `{error}`, and realtime-js reconnects with its back-off.
 */
import type { Config } from '../config';
import { MAX_REST_BROADCAST_MESSAGES } from './limits';
import { Buckets, Tally } from './rate';

export const REFUSALS = {
  tooManyConnections: 'Too many connected users',
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  tooManyMessages: 'Too many messages per second',
  tooManyPresence: 'Too many presence messages per second',
  trackTooLarge: 'Track message size exceeded',
  tooManyRequests: 'Too many requests',
  tooManyBindings: (max: number) => `Too many postgres_changes bindings on one connection (at most ${max})`,
  tooManyFilters: (table: string) => `Too many distinct postgres_changes filters on ${table}; try again later`,
} as const;

export class RealtimeQuota {
  /** Open (and opening) sockets per client IP. */
  readonly sockets = new Tally();
  /** Joins per client IP. */
  readonly joins: Buckets;
  /** Incoming messages per client IP. */
  readonly events: Buckets;
  /** REST broadcast messages per client IP and per caller. */
  readonly restPerIp: Buckets;
  readonly restPerKey: Buckets;

  constructor(readonly config: Config) {
    this.joins = new Buckets(config.REALTIME_MAX_JOINS_PER_SECOND, Math.max(config.REALTIME_MAX_JOINS_PER_SECOND, config.REALTIME_MAX_CHANNELS_PER_SOCKET));
    this.events = new Buckets(config.REALTIME_MAX_EVENTS_PER_SECOND, config.REALTIME_MAX_EVENTS_PER_SECOND);
    // A full batch (MAX_REST_BROADCAST_MESSAGES) must fit in a bucket, or it could never go out.
    this.restPerIp = new Buckets(config.REALTIME_BROADCAST_PER_SECOND_PER_IP, Math.max(MAX_REST_BROADCAST_MESSAGES, config.REALTIME_BROADCAST_PER_SECOND_PER_IP));
    this.restPerKey = new Buckets(config.REALTIME_BROADCAST_PER_SECOND_PER_KEY, Math.max(MAX_REST_BROADCAST_MESSAGES, config.REALTIME_BROADCAST_PER_SECOND_PER_KEY));
  }
}

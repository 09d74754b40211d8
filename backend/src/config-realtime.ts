/**
 * Configuration, not a feature: part of loadConfig (config.ts). The bounds of /realtime/v1 an
 * operator may move, in the manner of Supabase Realtime's per-project limits (its names in
 * brackets). Fixed protocol bounds (frame size, presence payload, bindings per join) live in
 * realtime/limits.ts. Each default holds one anonymous client's memory and database work to a
 * figure measured by `pnpm drill:attack` (docs/drills.md).
 */
import { z } from 'zod';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const REALTIME_CONFIG = {
  /** Open WebSockets per instance [max_concurrent_users]; then 429 at the upgrade. */
  REALTIME_MAX_CONNECTIONS: int(1, 1_000_000).default(10_000),
  /** Open WebSockets per client IP; then 429 "Too many connected users" at the upgrade. */
  REALTIME_MAX_CONNECTIONS_PER_IP: int(1, 1_000_000).default(50),
  /** Channels joined per socket [max_channels_per_client]. */
  REALTIME_MAX_CHANNELS_PER_SOCKET: int(1, 10_000).default(100),
  /** Channel joins per second per client IP [max_joins_per_second], in bursts up to REALTIME_MAX_CHANNELS_PER_SOCKET. */
  REALTIME_MAX_JOINS_PER_SECOND: int(1, 1_000_000).default(20),
  /** Messages per second from all sockets of one client IP [max_events_per_second]; heartbeats count. */
  REALTIME_MAX_EVENTS_PER_SECOND: int(1, 1_000_000).default(500),
  /** postgres_changes bindings over all channels of one socket. */
  REALTIME_MAX_BINDINGS_PER_SOCKET: int(1, 10_000).default(100),
  /** Distinct postgres_changes filters on one table over every socket of an instance: the ceiling on one change's filter evaluation. */
  REALTIME_MAX_FILTERS_PER_TABLE: int(1, 1_000_000).default(10_000),
  /** REST broadcast messages per second per client IP (the service role is not limited). */
  REALTIME_BROADCAST_PER_SECOND_PER_IP: int(1, 1_000_000).default(100),
  /** REST broadcast messages per second per caller: a user, or every caller of the anon key together. */
  REALTIME_BROADCAST_PER_SECOND_PER_KEY: int(1, 1_000_000).default(200),
};

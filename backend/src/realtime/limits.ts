/**
 * Bounds on what one client can make the server hold or do. Connections and channels per socket
 * come from the configuration (REALTIME_MAX_CONNECTIONS, REALTIME_MAX_CHANNELS_PER_SOCKET).
 */

/** Largest WebSocket message accepted; a bigger one closes the socket (1009). */
export const MAX_FRAME_BYTES = 256 * 1024;
/** postgres_changes bindings in one join. */
export const MAX_BINDINGS_PER_CHANNEL = 32;
/** Topic length (realtime-js's binary frames cannot carry more either). */
export const MAX_TOPIC_LENGTH = 255;
/** Incoming messages per socket per second (token bucket, bursts up to this many). */
export const MAX_MESSAGES_PER_SECOND = 200;
/** A socket that sends nothing (not even a heartbeat, every 25 s by default) for this long is closed. */
export const IDLE_TIMEOUT_MS = 60_000;
/** Bytes queued to a socket that does not read: past this it is closed instead of buffered. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** A token is re-checked at least this often, and at its exp. */
export const TOKEN_CHECK_MS = 5 * 60_000;
/** Messages in one REST broadcast request (more: 429, as Realtime answers a batch over its rate). */
export const MAX_REST_BROADCAST_MESSAGES = 100;

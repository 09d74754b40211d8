/**
 * Bounds on what one client can make the server hold or do. The ones an operator may move (per
 * instance, per IP, per socket, per table) come from the configuration (config-realtime.ts); the
 * fixed ones are here, each with what it stops.
 */
import { LIMITS } from '../http/limits';

/** Largest WebSocket message accepted; a bigger one closes the socket (1009). */
export const MAX_FRAME_BYTES = 256 * 1024;
/**
 * Nesting of arrays and objects in a frame or a REST broadcast body (the limit of /rest/v1 and
 * /auth/v1 bodies). A payload nested 100,000 deep fits in one frame; JSON.stringify recurses, so
 * serialising it for the channel's members overflowed the stack — inside a socket's close
 * listener, that exited the process. Checked on the text, before it is parsed or stored.
 */
export const MAX_JSON_DEPTH = LIMITS.bodyNesting;
/**
 * A presence meta, serialised. Each channel of a socket holds one; every member of the topic, on
 * every instance, keeps a copy and receives it on joining: 100 channels × 240 KB held 24 MB per
 * anonymous socket. Supabase Realtime answers an oversized track with "Track message size exceeded".
 */
export const MAX_PRESENCE_BYTES = 4 * 1024;
/** track/untrack per socket per second (bursts up to twice this); Realtime: "Too many presence messages per second". */
export const MAX_PRESENCE_EVENTS_PER_SECOND = 10;
/** postgres_changes bindings in one join. */
export const MAX_BINDINGS_PER_CHANNEL = 32;
/** Topic length (realtime-js's binary frames cannot carry more either). */
export const MAX_TOPIC_LENGTH = 255;
/** Incoming messages per socket per second (token bucket, bursts up to this many). */
export const MAX_MESSAGES_PER_SECOND = 200;
/** A socket that sends nothing (not even a heartbeat, every 25 s by default) for this long is closed. */
export const IDLE_TIMEOUT_MS = 60_000;
/**
 * Bytes queued to a socket that does not read: past this it is closed instead of buffered. The
 * largest single share of a socket's memory at the limits (a client that sends itself 256 KiB
 * broadcasts and never reads); 1 MiB holds about a thousand ordinary changes.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A token is re-checked at least this often, and at its exp. */
export const TOKEN_CHECK_MS = 5 * 60_000;
/** Messages in one REST broadcast request (more: 429, as Realtime answers a batch over its rate). */
export const MAX_REST_BROADCAST_MESSAGES = 100;

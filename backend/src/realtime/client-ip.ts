/**
 * The client address the per-IP limits of /realtime/v1 count by. A REST broadcast is a Fastify
 * request: `request.ip`, which follows Fastify's `trustProxy` setting. A WebSocket upgrade is
 * handled before Fastify sees it, so it is the TCP peer's address here; a deployment that puts a
 * proxy in front must make this read the forwarded address by the same rule as `request.ip`.
 */
import type { IncomingMessage } from 'node:http';

export function upgradeClientIp(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown';
}

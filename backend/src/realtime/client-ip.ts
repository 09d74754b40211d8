/**
 * The client address the per-IP limits of /realtime/v1 count by, by one rule for both entry
 * points: TRUST_PROXY (config-proxy.ts). A REST broadcast is a Fastify request, so `request.ip`
 * applies it. A WebSocket upgrade is handled before Fastify sees it, so the same compiled rule is
 * applied here with the same library (@fastify/proxy-addr): behind nginx every socket would
 * otherwise count as the proxy's, and 50 sockets would be the whole site's limit.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config-proxy';

export function upgradeClientIp(request: IncomingMessage, trustProxy: TrustProxy): string {
  if (!trustProxy) return request.socket.remoteAddress ?? 'unknown';
  return proxyAddr(request, trustProxy);
}

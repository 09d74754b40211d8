/**
 * Whether a request comes from this machine and names it: a loopback client that also names a
 * loopback host (a DNS-rebinding page carries its own name in Host). The development-only routes
 * (/_dev/mailbox, /_dev/clock) answer nobody else.
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

export function isLoopbackRequest(request: FastifyRequest): boolean {
  return LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? '') && LOOPBACK_HOST.test(request.headers.host ?? '');
}

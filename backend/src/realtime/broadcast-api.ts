/**
 * Realtime's REST broadcast, which realtime-js uses to send on a channel it has not joined:
 *   POST /realtime/v1/api/broadcast                       {messages: [{topic, event, payload, private?}]}
 *   POST /realtime/v1/api/broadcast/:topic/events/:event  the payload itself (httpSend; ?private=true)
 * The caller is the Authorization bearer token, else the apikey (verified like a channel's token);
 * the apikey must be a project key. Public topics always deliver. On a private topic only the
 * service role, or an identity that realtime.messages' policies let insert a broadcast there,
 * delivers; the others' messages are dropped silently and the answer is still 202, as Realtime does.
 *
 * Bounded work per request, so anonymous callers cannot stall other people's reads: JSON nested
 * deeper than MAX_JSON_DEPTH is refused (400) before it is parsed; at most
 * MAX_REST_BROADCAST_MESSAGES messages (429); messages per second per client IP and per caller
 * (429 "Too many requests", Realtime's rate limiter's answer, with Retry-After); the private
 * topics of a request are authorised in one transaction; and what goes to the other instances
 * shares the bus's coalesced transactions (bus.ts) instead of one transaction per message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonDepth } from '../http/limits';
import type { Services } from '../services';
import { identify, TokenError, verifyApiKey, type Identity } from './auth';
import { broadcastableTopics } from './authorize';
import { checkBroadcastBody, type BroadcastMessage } from './broadcast-body';
import type { Hub } from './hub';
import { jwtKeys } from '../security/jwt-keys';
import { MAX_FRAME_BYTES, MAX_JSON_DEPTH, MAX_REST_BROADCAST_MESSAGES, MAX_TOPIC_LENGTH } from './limits';
import { REFUSALS, type RealtimeQuota } from './quota';
import { standingFor } from './standing';

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : null;
};

/** The caller, or null (→ 401 Unauthorized, Realtime's answer to any bad or missing credential). */
async function caller(request: FastifyRequest, services: Services): Promise<Identity | null> {
  const apikey = header(request, 'apikey');
  // The same keys as the socket and REST: HS256 project keys, and user tokens signed asymmetrically when configured.
  const keys = jwtKeys(services.config);
  if (!(await verifyApiKey(apikey, keys, services.now()))) return null;
  const bearer = /^bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
  try {
    const who = await identify(bearer ?? apikey!, keys, services.now());
    // A banned or deleted user's token is refused like a revoked one (standing.ts).
    return (await standingFor(services).allowed(who)) ? who : null;
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
}

/** A 400 in the platform's error body (http/platform-error.ts), as for malformed JSON. */
const badRequest = (message: string) => Object.assign(new Error(message), { statusCode: 400 });

export function registerBroadcastApi(app: FastifyInstance, services: Services, hub: Hub, quota: RealtimeQuota): void {
  const unauthorized = (reply: FastifyReply) => reply.status(401).send({ message: 'Unauthorized' });

  /** Within the caller's and its IP's rates for `n` messages? Else answered 429 (true: go on). */
  function withinRate(request: FastifyRequest, reply: FastifyReply, who: Identity, n: number): boolean {
    if (who.role === 'service_role') return true;
    const ip = `ip:${request.ip}`;
    // A user is limited as themselves; every caller of the anon key together, as that key.
    const key = typeof who.claims.sub === 'string' ? `sub:${who.claims.sub}` : `role:${who.role}`;
    const over = !quota.restPerIp.take(ip, n) ? quota.restPerIp.retryAfter(ip, n) : !quota.restPerKey.take(key, n) ? quota.restPerKey.retryAfter(key, n) : 0;
    if (!over) return true;
    void reply.status(429).header('retry-after', String(over)).send({ message: REFUSALS.tooManyRequests });
    return false;
  }

  async function deliver(who: Identity, messages: BroadcastMessage[]): Promise<void> {
    const privateTopics = [...new Set(messages.filter((m) => m.private).map((m) => m.topic))];
    const allowed = await broadcastableTopics(services.db, privateTopics, who);
    for (const m of messages) {
      const topic = `realtime:${m.topic}`;
      if (!m.private) hub.broadcast(null, topic, m.event, m.payload);
      else if (allowed.has(m.topic)) hub.broadcast(null, `private|${topic}`, m.event, m.payload);
    }
  }

  app.register(async (scope) => {
    // httpSend posts bytes as application/octet-stream; they travel on as a binary broadcast.
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_FRAME_BYTES }, (_req, body, done) => done(null, body));
    scope.removeContentTypeParser('application/json');
    // JSON within the depth bound only: JSON.stringify of a deeper payload overflowed the stack.
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_FRAME_BYTES }, (request, body, done) => {
      if (jsonDepth(body as string) > MAX_JSON_DEPTH) return done(badRequest(`JSON nested too deeply: arrays and objects may be nested at most ${MAX_JSON_DEPTH} levels deep`), undefined);
      parseJson(request, body as string, done);
    });

    scope.post('/realtime/v1/api/broadcast', { bodyLimit: MAX_FRAME_BYTES }, async (request, reply) => {
      const who = await caller(request, services);
      if (!who) return unauthorized(reply);
      const checked = checkBroadcastBody(request.body);
      if (!checked.ok) return reply.status(422).send({ errors: checked.errors });
      if (checked.messages.length > MAX_REST_BROADCAST_MESSAGES) {
        return reply.status(429).send({ message: 'Too many messages to broadcast, please reduce the batch size' });
      }
      if (!withinRate(request, reply, who, checked.messages.length)) return reply;
      await deliver(who, checked.messages);
      return reply.status(202).send();
    });

    scope.post<{ Params: { topic: string; event: string }; Querystring: Record<string, string> }>(
      '/realtime/v1/api/broadcast/:topic/events/:event',
      { bodyLimit: MAX_FRAME_BYTES },
      async (request, reply) => {
        const who = await caller(request, services);
        if (!who) return unauthorized(reply);
        const { topic, event } = request.params;
        const query = request.query;
        if (!topic || !event || topic.length > MAX_TOPIC_LENGTH || event.length > MAX_TOPIC_LENGTH) {
          return reply.status(422).send({ error: 'topic and event must be 1 to 255 characters' });
        }
        if (query.persist !== undefined || query['persist[ttl]'] !== undefined) {
          return reply.status(422).send({ error: 'Message persistence is not supported by this server' });
        }
        const body: unknown = request.body;
        const payload = Buffer.isBuffer(body) ? { binary: body } : body;
        if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
          return reply.status(422).send({ error: 'The payload must be a JSON object' });
        }
        if (!withinRate(request, reply, who, 1)) return reply;
        await deliver(who, [{ topic, event, payload: payload as Record<string, unknown>, private: query.private === 'true' }]);
        return reply.status(202).send();
      },
    );
  });
}

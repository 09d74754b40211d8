/**
 * Realtime's REST broadcast, which realtime-js uses to send on a channel it has not joined:
 *   POST /realtime/v1/api/broadcast                       {messages: [{topic, event, payload, private?}]}
 *   POST /realtime/v1/api/broadcast/:topic/events/:event  the payload itself (httpSend; ?private=true)
 * The caller is the Authorization bearer token, else the apikey (verified like a channel's token);
 * the apikey must be a project key. Public topics always deliver. On a private topic only the
 * service role, or an identity that realtime.messages' policies let insert a broadcast there,
 * delivers; the others' messages are dropped silently and the answer is still 202, as Realtime does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { identify, TokenError, verifyApiKey, type Identity } from './auth';
import { mayBroadcast } from './authorize';
import { checkBroadcastBody, type BroadcastMessage } from './broadcast-body';
import type { Hub } from './hub';
import { jwtKeys } from '../security/jwt-keys';
import { MAX_FRAME_BYTES, MAX_REST_BROADCAST_MESSAGES, MAX_TOPIC_LENGTH } from './limits';
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

export function registerBroadcastApi(app: FastifyInstance, services: Services, hub: Hub): void {
  const unauthorized = (reply: FastifyReply) => reply.status(401).send({ message: 'Unauthorized' });

  async function deliver(who: Identity, messages: BroadcastMessage[]): Promise<void> {
    const allowed = new Map<string, boolean>();
    for (const m of messages) {
      const topic = `realtime:${m.topic}`;
      if (!m.private) {
        hub.broadcast(null, topic, m.event, m.payload);
        continue;
      }
      if (!allowed.has(m.topic)) allowed.set(m.topic, await mayBroadcast(services.db, m.topic, who));
      if (allowed.get(m.topic)) hub.broadcast(null, `private|${topic}`, m.event, m.payload);
    }
  }

  app.register(async (scope) => {
    // httpSend posts bytes as application/octet-stream; they travel on as a binary broadcast.
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_FRAME_BYTES }, (_req, body, done) => done(null, body));

    scope.post('/realtime/v1/api/broadcast', { bodyLimit: MAX_FRAME_BYTES }, async (request, reply) => {
      const who = await caller(request, services);
      if (!who) return unauthorized(reply);
      const checked = checkBroadcastBody(request.body);
      if (!checked.ok) return reply.status(422).send({ errors: checked.errors });
      if (checked.messages.length > MAX_REST_BROADCAST_MESSAGES) {
        return reply.status(429).send({ message: 'Too many messages to broadcast, please reduce the batch size' });
      }
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
        await deliver(who, [{ topic, event, payload: payload as Record<string, unknown>, private: query.private === 'true' }]);
        return reply.status(202).send();
      },
    );
  });
}

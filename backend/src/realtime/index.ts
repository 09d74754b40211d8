/**
 * /realtime/v1 — the subset of Supabase Realtime that supabase-js needs (see README.md): the
 * WebSocket at /realtime/v1/websocket, postgres_changes, broadcast and presence. Registered on
 * the app's HTTP server (WebSocket upgrades) by `registerRealtime(app)`; stopped with the app.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { jwtKeys } from '../security/jwt-keys';
import { verifyApiKey } from './auth';
import { registerBroadcastApi } from './broadcast-api';
import { openBus } from './bus';
import { CHANGES_CHANNEL, ChangeDispatcher } from './changes';
import { upgradeClientIp } from './client-ip';
import { Connection } from './connection';
import { contained } from './contain';
import { Hub } from './hub';
import { MAX_FRAME_BYTES } from './limits';
import { standingFor, startStandingSweep } from './standing';
import type { Vsn } from './protocol';
import { REFUSALS, RealtimeQuota } from './quota';

export const WEBSOCKET_PATH = '/realtime/v1/websocket';

/** An upgrade refused with an HTTP answer; with `error`, Realtime's JSON body `{error}`. */
function refuse(socket: Duplex, status: number, text: string, error?: string): void {
  const body = error ? JSON.stringify({ error }) : '';
  const type = error ? 'Content-Type: application/json\r\n' : '';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

export interface RealtimeHandle {
  /** Resolves once every change notified so far has been delivered (tests). */
  idle(): Promise<void>;
  connections(): number;
  /** Channels joined on this instance (the metrics). */
  channels(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHandle;
  }
}

export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const onError = (error: unknown) => app.log.error({ err: error }, 'realtime');
  // Triggers follow the publication (an event trigger does it where the role may create one).
  // Instances starting together take turns (the migration lock's neighbour), or both would create
  // the same trigger.
  await services.db.transaction(async (tx) => {
    if (services.db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(4040404041)');
    await tx.query('select need40_realtime.sync_triggers()');
  });

  // The bus delivers to the hub, which publishes on the bus: the hub is made once the bus is open.
  const ref: { hub?: Hub } = {};
  const bus = await openBus(services.db, (m) => ref.hub?.receive(m), onError);
  const hub = (ref.hub = new Hub(bus, onError));
  const dispatcher = new ChangeDispatcher(services.db, hub, onError);
  const stopListening = await services.db.listen(CHANGES_CHANNEL, contained(onError, (payload: string) => dispatcher.notify(payload)), contained(onError, () => {
    app.log.warn('realtime: change listener reconnected; changes made meanwhile were not delivered, subscribers are told to re-read');
    dispatcher.reconnected();
  }));
  hub.start();
  const quota = new RealtimeQuota(services.config);
  registerBroadcastApi(app, services, hub, quota);
  const stopStandingSweep = startStandingSweep(hub, standingFor(services), onError);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  const onUpgrade = contained(onError, (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== WEBSOCKET_PATH) return refuse(socket, 404, 'Not Found');
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuse(socket, 400, 'Bad Request');
    const ip = upgradeClientIp(request, services.config.trustProxy);
    // Counted from here (not from the open): concurrent upgrades cannot all slip under the limit.
    if (wss.clients.size >= services.config.REALTIME_MAX_CONNECTIONS || quota.sockets.count(ip) >= services.config.REALTIME_MAX_CONNECTIONS_PER_IP) {
      return refuse(socket, 429, 'Too Many Requests', REFUSALS.tooManyConnections);
    }
    quota.sockets.add(ip);
    // The TCP socket closes once, whether the upgrade is refused below or the WebSocket ends later.
    socket.once('close', () => quota.sockets.remove(ip));
    const header = request.headers['x-api-key'] ?? request.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
    verifyApiKey(apikey, jwtKeys(services.config), services.now()).then((ok) => {
      if (!ok) return refuse(socket, 403, 'Forbidden');
      wss.handleUpgrade(request, socket, head, (ws) => new Connection(ws, vsn as Vsn, apikey!, services, hub, quota, ip, onError));
    }, () => refuse(socket, 403, 'Forbidden')).catch(onError);
  });
  app.server.on('upgrade', onUpgrade);

  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    // 1001 "going away": realtime-js reconnects and rejoins, e.g. to the restarted server.
    for (const ws of wss.clients) ws.close(1001, 'server restarting');
    const deadline = Date.now() + 1000;
    while (wss.clients.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const ws of wss.clients) ws.terminate();
    hub.stop();
    stopStandingSweep();
    await stopListening();
    await bus.close();
    await dispatcher.idle();
    wss.close();
  });

  app.decorate('realtime', { idle: () => dispatcher.idle(), connections: () => wss.clients.size, channels: () => hub.channelCount });
}

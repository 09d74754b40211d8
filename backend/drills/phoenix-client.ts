/**
 * A bare Phoenix (vsn 2.0.0) client for the realtime attack drill: the frames an attacker would
 * send, which realtime-js never does (deep payloads, 100 channels at once), from any loopback
 * address (`from`, 127.x.y.z) so that many clients can be played from one machine.
 *
 * @example
 *   const c = await PhxClient.open(url, anonKey, '127.0.1.7');   // or the upgrade's status (429 …)
 *   const reply = await c.call('realtime:room', 'phx_join', { config: {} });
 */
import WebSocket from 'ws';

export interface Reply {
  status: string;
  response: Record<string, unknown>;
}

export class PhxClient {
  private ref = 0;
  private readonly waiting = new Map<string, (reply: Reply) => void>();
  /** Every other message: [joinRef, ref, topic, event, payload]. */
  onMessage: (message: unknown[]) => void = () => undefined;
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const m = JSON.parse(String(data)) as unknown[];
      const waiter = m[3] === 'phx_reply' ? this.waiting.get(String(m[1])) : undefined;
      if (waiter) {
        this.waiting.delete(String(m[1]));
        waiter(m[4] as Reply);
      } else this.onMessage(m);
    });
  }

  /** An open client, or the HTTP status the upgrade was refused with (0: no answer). */
  static open(url: string, apikey: string, from?: string): Promise<PhxClient | number> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`, from ? { localAddress: from } : {});
    return new Promise((resolve) => {
      ws.once('open', () => resolve(new PhxClient(ws)));
      ws.once('unexpected-response', (_req, res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      ws.once('error', () => resolve(0));
    });
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  /** Send without waiting; `payloadText` is raw JSON (a hostile payload need not be built as an object). */
  push(topic: string, event: string, payloadText: string, joinRef = topic): string {
    const ref = String(++this.ref);
    if (this.open) this.ws.send(`[${JSON.stringify(joinRef)},"${ref}",${JSON.stringify(topic)},${JSON.stringify(event)},${payloadText}]`);
    return ref;
  }

  /** Send and wait for the reply ({status: 'closed'} when the socket closes or nothing comes in `timeoutMs`). */
  call(topic: string, event: string, payload: unknown, timeoutMs = 10_000): Promise<Reply> {
    const ref = this.push(topic, event, JSON.stringify(payload));
    return new Promise((resolve) => {
      const timer = setTimeout(() => (this.waiting.delete(ref), resolve({ status: 'timeout', response: {} })), timeoutMs);
      this.waiting.set(ref, (reply) => (clearTimeout(timer), resolve(reply)));
      void this.closed.then(() => (clearTimeout(timer), resolve({ status: 'closed', response: {} })));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

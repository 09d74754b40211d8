/**
 * A small JSON client over node:http with its own keep-alive agent, so a drill can throw away
 * every socket of a killed backend at once (agent.destroy()) and tell network failures apart:
 * `refused` (the request never reached a server) from `lost` (sent, then the connection died:
 * the outcome is unknown).
 */
import http from 'node:http';

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export class NetworkError extends Error {
  constructor(readonly kind: 'refused' | 'lost', readonly code: string) {
    super(`${kind}: ${code}`);
    this.name = 'NetworkError';
  }
}

export class JsonClient {
  readonly agent: http.Agent;
  private readonly base: URL;

  constructor(baseUrl: string, maxSockets = 16) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request<T = unknown>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<JsonResponse<T>> {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = undefined;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = undefined;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed as T, text, headers: res.headers });
          });
          res.on('error', (e: NodeJS.ErrnoException) => reject(new NetworkError('lost', e.code ?? e.message)));
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => {
        const code = e.code ?? e.message;
        reject(new NetworkError(code === 'ECONNREFUSED' ? 'refused' : 'lost', code));
      });
      if (payload) req.write(payload);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

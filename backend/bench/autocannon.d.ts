/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    /** One request of a client's sequence; setupRequest/onResponse run for each use of it. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    }
    /** One connection. */
    interface Client {
      setRequests(requests: Request[]): void;
    }
    interface Options {
      /** Several URLs: the connections are spread over them in turn. */
      url: string | string[];
      connections?: number;
      duration?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      headers?: Record<string, string>;
      method?: string;
      body?: string;
      requests?: Request[];
      /** Called once per connection, before its first request. */
      setupClient?: (client: Client) => void;
      /** Include non-2xx answers in the latency histogram. */
      excludeErrorStats?: boolean;
    }
    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
    }
    interface Instance extends PromiseLike<Result> {
      /** Every response: the connection, its status, bytes and latency in ms. */
      on(event: 'response', listener: (client: Client, statusCode: number, resBytes: number, responseTime: number) => void): this;
    }
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export type Client = autocannon.Client;
  export default autocannon;
}

/**
 * The Server-Timing header of a /rest/v1 answer (PostgREST's, with `server-timing-enabled`): how
 * long each stage of the request took, in milliseconds —
 *   jwt          verifying the apikey and token (request.ts)
 *   parse        reading the request: headers, query string, body
 *   plan         the schema cache lookups, the plan and its SQL
 *   transaction  the database part: waiting for a connection or PGlite's turn, then the query
 *   query        the query string's own round trip (its statements, as the driver saw them)
 *   render       the answer from the statement's row, onto the wire
 */
export type Stage = 'jwt' | 'parse' | 'plan' | 'transaction' | 'query' | 'render';

const ORDER: Stage[] = ['jwt', 'parse', 'plan', 'transaction', 'query', 'render'];

export class ServerTiming {
  private readonly ms = new Map<Stage, number>();
  private last = performance.now();

  /** Close the running stage as `stage` (the time since the previous mark). */
  mark(stage: Stage): void {
    const now = performance.now();
    this.add(stage, now - this.last);
    this.last = now;
  }

  /** Record a duration measured elsewhere (the driver's query time). */
  add(stage: Stage, ms: number): void {
    this.ms.set(stage, (this.ms.get(stage) ?? 0) + ms);
  }

  header(): string {
    return ORDER.filter((s) => this.ms.has(s)).map((s) => `${s};dur=${this.ms.get(s)!.toFixed(2)}`).join(', ');
  }
}

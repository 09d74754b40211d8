/**
 * A stand-in for the page's Supabase client in frontend unit tests (`@need40/shared/testing`): it
 * becomes what `getSupabase()` returns, records every call and answers what the test says. What it
 * checks is the code's side of the contract (which table, filters, function and arguments); the
 * backend's side is tested over HTTP in backend/test.
 *
 *   import { fakeSupabase } from '@need40/shared/testing';
 *   const supabase = fakeSupabase();
 *   beforeEach(() => supabase.reset());
 *
 *   supabase.answer('gigs', { data: [row], count: 1 });            // every read of gigs
 *   supabase.answer('rpc:accept_application', { data: app }, { error: { code: 'N4005', message: '…' } }); // one answer per call, the last repeats
 *   supabase.answer('auth.signUp', { data: { user }, error: null });
 *   supabase.answer('profiles', { throws: new TypeError('Failed to fetch') });
 *   supabase.answer('storage:avatars.upload', { error: { message: 'Payload too large', statusCode: '413' } });
 *   … run the code …
 *   expect(supabase.calls).toContainEqual(['rpc', 'accept_application', { p_application_id: id }]);
 *
 * `calls` lists each call in order as [method, ...arguments]: `['from', 'gigs']`, `['select', '*']`,
 * `['eq', 'id', id]`, `['rpc', fn, args]`, `['auth.signUp', credentials]`, `['channel', topic]`,
 * `['storage.upload', bucket, path, file, options]`.
 * An answer is the `{ data, error, count, status }` supabase-js gives (missing parts: null, and
 * status 200 or 400 with an error), `{ throws }` to reject, or a function of the call's chain.
 */
import type { Need40Client } from '../supabase';
import { installClient } from '../supabase';
import { FakeChannel } from './fakeChannel';

export type FakeCall = [method: string, ...args: unknown[]];
export interface FakeAnswer {
  data?: unknown;
  error?: unknown;
  count?: number | null;
  status?: number;
  /** Reject instead of answering (a network failure: `new TypeError('Failed to fetch')`). */
  throws?: unknown;
}
/** An answer, or one computed from the calls of the query it answers (`['from', 'gigs'], ['eq', …], …`). */
export type Answerer = FakeAnswer | ((chain: FakeCall[]) => FakeAnswer);

export interface FakeSupabase {
  /** What getSupabase() returns while this fake is installed. */
  readonly client: Need40Client;
  /** Every call since the last reset, in order. */
  readonly calls: FakeCall[];
  /** The realtime channels opened since the last reset, newest last. */
  readonly channels: FakeChannel[];
  /**
   * What `target` answers: a table (`'gigs'`), a function (`'rpc:close_gig'`) or an auth method
   * (`'auth.signInWithPassword'`). Several answers are given one per call; the last one repeats.
   */
  answer(target: string, ...answers: Answerer[]): void;
  /** The open channel whose topic starts with `prefix` (the newest). */
  channelFor(prefix: string): FakeChannel;
  /** Forget calls, answers and channels, and become getSupabase()'s client again. */
  reset(): void;
}

/** The chain methods of a query builder; anything awaited or ended by single() answers. */
const CHAIN = [
  'select', 'insert', 'update', 'upsert', 'delete', 'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in',
  'contains', 'containedBy', 'overlaps', 'textSearch', 'match', 'not', 'or', 'filter', 'order', 'range', 'limit', 'abortSignal', 'returns', 'csv',
];
const ENDS = ['single', 'maybeSingle'];

function response(answer: FakeAnswer): Promise<unknown> {
  if ('throws' in answer) return Promise.reject(answer.throws);
  const error = answer.error ?? null;
  return Promise.resolve({ data: answer.data ?? null, error, count: answer.count ?? null, status: answer.status ?? (error ? 400 : 200), statusText: '' });
}

export function fakeSupabase(): FakeSupabase {
  const calls: FakeCall[] = [];
  const channels: FakeChannel[] = [];
  const answers = new Map<string, Answerer[]>();

  const next = (target: string, chain: FakeCall[]): FakeAnswer => {
    const queue = answers.get(target);
    if (!queue?.length) return {};
    const answerer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return typeof answerer === 'function' ? answerer(chain) : answerer;
  };

  /** A query builder over `target` whose calls start with `first`. */
  const query = (target: string, first: FakeCall) => {
    const chain: FakeCall[] = [first];
    calls.push(first);
    const record = (method: string, args: unknown[]) => {
      const call: FakeCall = [method, ...args];
      chain.push(call);
      calls.push(call);
    };
    const builder: Record<string, unknown> = {};
    for (const method of CHAIN) {
      builder[method] = (...args: unknown[]) => {
        record(method, args);
        return builder;
      };
    }
    for (const method of ENDS) {
      builder[method] = (...args: unknown[]) => {
        record(method, args);
        return builder;
      };
    }
    builder.then = (resolve: (v: unknown) => unknown, reject?: (e: unknown) => unknown) => response(next(target, chain)).then(resolve, reject);
    return builder;
  };

  const auth = new Proxy({} as Record<string, unknown>, {
    get(_target, method: string) {
      if (method === 'onAuthStateChange') {
        return (...args: unknown[]) => {
          calls.push(['auth.onAuthStateChange', ...args]);
          return { data: { subscription: { unsubscribe() {} } } };
        };
      }
      return (...args: unknown[]) => {
        calls.push([`auth.${method}`, ...args]);
        const answer = next(`auth.${method}`, [[`auth.${method}`, ...args]]);
        return response('data' in answer || 'error' in answer || 'throws' in answer ? answer : { data: {}, error: null });
      };
    },
  });

  // Storage: getPublicUrl answers at once (a URL naming bucket, path and transform); every other
  // method records ['storage.<method>', bucket, ...args] and answers 'storage:<bucket>.<method>'.
  const storage = {
    from: (bucket: string) =>
      new Proxy({} as Record<string, unknown>, {
        get(_target, method: string) {
          if (method === 'getPublicUrl') {
            return (path: string, options?: { transform?: Record<string, unknown> }) => {
              const query = options?.transform ? `?${new URLSearchParams(Object.entries(options.transform).map(([k, v]) => [k, String(v)]))}` : '';
              return { data: { publicUrl: `https://storage.test/${bucket}/${path}${query}` } };
            };
          }
          return (...args: unknown[]) => {
            calls.push([`storage.${method}`, bucket, ...args]);
            return response(next(`storage:${bucket}.${method}`, [[`storage.${method}`, bucket, ...args]]));
          };
        },
      }),
  };

  const client = {
    from: (table: string) => query(table, ['from', table]),
    storage,
    rpc: (fn: string, args?: unknown, options?: unknown) => query(`rpc:${fn}`, options === undefined ? ['rpc', fn, args] : ['rpc', fn, args, options]),
    auth,
    channel: (topic: string, options?: unknown) => {
      calls.push(options === undefined ? ['channel', topic] : ['channel', topic, options]);
      const channel = new FakeChannel(topic, options);
      channels.push(channel);
      return channel;
    },
    removeChannel: async (channel: FakeChannel) => {
      calls.push(['removeChannel', channel.topic]);
      channel.closed = true;
      return 'ok';
    },
    realtime: { setAuth: () => undefined },
  } as unknown as Need40Client;

  const fake: FakeSupabase = {
    client,
    calls,
    channels,
    answer(target, ...given) {
      answers.set(target, given);
    },
    channelFor(prefix) {
      const found = [...channels].reverse().find((c) => !c.closed && c.topic.startsWith(prefix));
      if (!found) throw new Error(`no open channel ${prefix}; have ${channels.map((c) => c.topic).join(', ') || 'none'}`);
      return found;
    },
    reset() {
      calls.length = 0;
      channels.length = 0;
      answers.clear();
      installClient(client);
    },
  };
  installClient(client);
  return fake;
}

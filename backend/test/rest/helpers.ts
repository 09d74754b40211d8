/**
 * Helpers for the REST tests: users created straight in auth.users (the profile trigger runs),
 * access tokens signed with the backend's secret, real supabase-js clients, rpc calls that keep the
 * HTTP status, SQL as the backend's own connection, and the app's gigs and applications as fixtures
 * (the test database carries the app's migrations; the app's own tests are in supabase/tests).
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../src/security/jwt';
import { startTestBackend, type TestBackend } from '../harness';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

export async function createUser(be: TestBackend, email: string, fullName = 'Test User'): Promise<TestUser> {
  const id = randomUUID();
  await be.db.transaction(async (tx) => {
    await tx.query('insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)', [id, email, JSON.stringify({ full_name: fullName })]);
  });
  return { id, email, token: await accessToken(be, id, email) };
}

export async function accessToken(be: TestBackend, sub: string, email: string, expiresIn = 3600, role = 'authenticated'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role, aud: 'authenticated', iat: now, exp: now + expiresIn, email, session_id: randomUUID(), aal: 'aal1' }, be.config.JWT_SECRET);
}

/** A supabase-js client as the app creates it: the anon key, and the user's token when signed in. */
export function client(be: TestBackend, user?: TestUser | { token: string }, key = be.config.ANON_KEY): SupabaseClient {
  return createClient(be.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: user ? { headers: { Authorization: `Bearer ${user.token}` } } : {},
  });
}

/**
 * A backend with a test-only schema made by `create`, and the anon supabase-js client on it: the
 * start of every compat suite (`beforeAll(async () => ({ be, anon } = await startCompat(...)))`).
 */
export async function startCompat(create: (be: TestBackend) => Promise<void>, env: Record<string, string> = {}): Promise<{ be: TestBackend; anon: SupabaseClient }> {
  const be = await startTestBackend(env);
  await create(be);
  return { be, anon: client(be) };
}

export function serviceClient(be: TestBackend): SupabaseClient {
  return client(be, { token: be.config.SERVICE_ROLE_KEY }, be.config.SERVICE_ROLE_KEY);
}

/** Plain fetch against /rest/v1 with the anon key (and a token when given). */
export async function rest(be: TestBackend, path: string, init: RequestInit & { token?: string; apikey?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', init.apikey ?? be.config.ANON_KEY);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${be.url}/rest/v1${path}`, { ...init, headers });
}

export interface GigSeed {
  title: string;
  description?: string;
  payment_type?: 'hourly' | 'fixed';
  rate: number;
  hours?: number;
  location?: 'remote' | 'onsite' | 'hybrid';
  skills?: string[];
}

/** Insert gigs as the service role with chosen created_at (the trigger is bypassed on purpose). */
export async function seedGigs(be: TestBackend, userId: string, gigs: (GigSeed & { created_at?: string })[]): Promise<string[]> {
  return be.db.transaction(async (tx) => {
    await tx.query('alter table public.gigs disable trigger gigs_set_created_at');
    const ids: string[] = [];
    for (const g of gigs) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.gigs (user_id, title, description, payment_type, rate, hours, location, skills, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now())) returning id`,
        [userId, g.title, g.description ?? `${g.title} description`, g.payment_type ?? 'hourly', g.rate, g.hours ?? 10, g.location ?? 'remote', g.skills ?? [], g.created_at ?? null],
      );
      ids.push(rows[0]!.id);
    }
    await tx.query('alter table public.gigs enable trigger gigs_set_created_at');
    return ids;
  });
}

/** What a refused rpc answers: the status, the SQLSTATE or app code, and the message (or a pattern of it). */
export const refusal = (status: number, code: string, message: string | RegExp) =>
  expect.objectContaining({ status, error: expect.objectContaining({ code, message: typeof message === 'string' ? message : expect.stringMatching(message) }) });

export interface Answer<T = unknown> {
  status: number;
  data: T;
  error: { code?: string; message?: string; details?: string | null } | null;
}

/** An rpc call as the user (or a visitor), with the HTTP status. */
export async function rpc<T = Record<string, unknown>>(be: TestBackend, user: TestUser | undefined, fn: string, args: Record<string, unknown>): Promise<Answer<T>> {
  const r = await client(be, user).rpc(fn, args);
  return { status: r.status, data: r.data as T, error: r.error };
}

export const as = (be: TestBackend, user?: TestUser): SupabaseClient => client(be, user);

const GIG = { title: 'Paint the fence', description: 'Two coats, white', payment_type: 'hourly', rate: 30, hours: 6, location: 'remote', skills: ['painting'] };

/** Post a gig through /rest/v1 as `user`; returns its id. */
export async function postGig(be: TestBackend, user: TestUser, over: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await as(be, user).from('gigs').insert({ ...GIG, user_id: user.id, ...over }).select('id').single();
  if (error) throw new Error(`posting a gig failed: ${error.message}`);
  return (data as { id: string }).id;
}

/** Apply as `worker`; returns the application id (throws on refusal). */
export async function apply(be: TestBackend, worker: TestUser, gigId: string, message = 'I would love to help.'): Promise<string> {
  const a = await rpc<{ id: string }>(be, worker, 'apply_to_gig', { p_gig_id: gigId, p_message: message });
  if (a.error) throw new Error(`apply failed: ${a.error.message}`);
  return a.data.id;
}

/** SQL as the backend's own connection, for looking behind the API. */
export async function sql<T = Record<string, unknown>>(be: TestBackend, text: string, params: unknown[] = []): Promise<T[]> {
  return be.db.transaction(async (tx) => (await tx.query<T>(text, params)).rows);
}

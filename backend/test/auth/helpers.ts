/** Helpers for the auth tests: a supabase-js client against a test backend, the dev mailbox, raw calls. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestBackend } from '../harness';

export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

export function makeClient(be: TestBackend, options: { autoRefreshToken?: boolean; flowType?: 'pkce' | 'implicit' } = {}): SupabaseClient {
  return createClient(be.url, be.config.ANON_KEY, {
    realtime: { transport: WebSocket as never },
    auth: {
      persistSession: true,
      storage: memoryStorage(),
      flowType: options.flowType ?? 'pkce',
      autoRefreshToken: options.autoRefreshToken ?? false,
      detectSessionInUrl: false,
    },
  });
}

export interface MailItem {
  id: string;
  to: string;
  subject: string;
  kind: string;
  link: string;
  text: string;
  created_at: string;
}

/** The newest mail to an address in the dev mailbox (JSON listing). */
export async function latestMail(be: TestBackend, to: string): Promise<MailItem> {
  const res = await fetch(`${be.url}/_dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const list = (await res.json()) as MailItem[];
  if (!list.length) throw new Error(`no mail to ${to}`);
  return list[0]!;
}

/** Links carry API_EXTERNAL_URL; point them at the test server. */
export function local(be: TestBackend, link: string): string {
  const u = new URL(link);
  const base = new URL(be.url);
  u.protocol = base.protocol;
  u.host = base.host;
  return u.toString();
}

/** Follow a link once without following the redirect; returns the Location. */
export async function follow(be: TestBackend, link: string): Promise<{ status: number; location: string }> {
  const res = await fetch(local(be, link), { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

export async function call(
  be: TestBackend,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${be.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: be.config.ANON_KEY,
      authorization: `Bearer ${token ?? be.config.ANON_KEY}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${counter++}@Example.com`;

/**
 * Move the backend's clock to just after the start of a rate-limit window: the limits count in
 * fixed windows, and a test that crossed a window boundary would see its counters reset.
 */
export function alignToRateWindow(be: TestBackend): void {
  const windowMs = be.config.RATE_LIMIT_WINDOW * 1000;
  be.advanceClock(windowMs - (be.app.services.now() % windowMs) + 1000);
}

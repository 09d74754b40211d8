/**
 * Shared by the admin API suites: a backend (3 emails per window, so the mail limit is reachable),
 * supabase-js's `auth.admin` with the service_role key, raw calls with that key, and the audit
 * trail as `actor:action` lines.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { startTestBackend, type TestBackend } from '../harness';
import { call, uniqueEmail } from './helpers';

export type AdminApi = SupabaseClient['auth']['admin'];
export type AdminCall = (method: string, path: string, body?: unknown) => ReturnType<typeof call>;

export async function startAdminBackend(env: Record<string, string> = {}): Promise<{ be: TestBackend; admin: AdminApi; asAdmin: AdminCall }> {
  const be = await startTestBackend({ RATE_LIMIT_EMAIL_SENT: '3', ...env });
  const admin = createClient(be.url, be.config.SERVICE_ROLE_KEY, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } }).auth.admin;
  return { be, admin, asAdmin: (method, path, body) => call(be, method, path, body, be.config.SERVICE_ROLE_KEY) };
}

/** The operator CLI's way to the admin API (src/cli/operator-admin.ts): the backend's URL and service_role key. */
export const adminApi = (be: TestBackend) => ({ url: be.url, serviceKey: be.config.SERVICE_ROLE_KEY });

export const adminEmail = () => uniqueEmail('admin').toLowerCase();

export async function auditActions(be: TestBackend): Promise<string[]> {
  const res = await call(be, 'GET', '/admin/audit?per_page=1000', undefined, be.config.SERVICE_ROLE_KEY);
  expect(res.status).toBe(200);
  return (res.body as unknown as { payload: { action: string; actor_username: string } }[]).map((e) => `${e.payload.actor_username}:${e.payload.action}`);
}

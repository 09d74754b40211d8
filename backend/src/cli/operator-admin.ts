/**
 * Operators are members whose app_metadata carries `"role": "operator"`. Only the service role
 * sets app_metadata, so this goes through the auth admin API (`/auth/v1/admin/users`) with the
 * service_role key — the API hosted Supabase has too — and knows no app table. The database reads
 * the role from auth.users on every operator action (private.require_operator), so adding or
 * removing one takes effect at once; the member's page shows or drops the console once their token
 * is refreshed (within an hour, or at their next sign-in).
 */

export interface AdminApi {
  /** The project's URL (`…/auth/v1` is appended). */
  url: string;
  serviceKey: string;
  fetch?: typeof fetch;
}

interface AdminUser {
  id: string;
  email?: string;
  app_metadata?: Record<string, unknown>;
}

export class OperatorCommandError extends Error {}

async function call(api: AdminApi, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await (api.fetch ?? fetch)(`${api.url.replace(/\/+$/, '')}/auth/v1/admin${path}`, {
    method,
    headers: { apikey: api.serviceKey, authorization: `Bearer ${api.serviceKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { msg?: string; message?: string } | null;
  if (!res.ok) throw new OperatorCommandError(`the auth admin API answered ${res.status}: ${json?.msg ?? json?.message ?? 'no message'}`);
  return json;
}

/** The user with exactly this email (the admin API's filter matches part of it). */
export async function findUserByEmail(api: AdminApi, email: string): Promise<AdminUser> {
  const wanted = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(wanted)) throw new OperatorCommandError(`"${email}" is not an email address`);
  for (let page = 1; page <= 100; page += 1) {
    const { users } = (await call(api, 'GET', `/users?filter=${encodeURIComponent(wanted)}&page=${page}&per_page=100`)) as { users: AdminUser[] };
    const user = users.find((u) => u.email?.toLowerCase() === wanted);
    if (user) return user;
    if (users.length < 100) break;
  }
  throw new OperatorCommandError(`no account has the email ${wanted}`);
}

const isOperator = (u: AdminUser) => u.app_metadata?.role === 'operator';

/** Give or take the operator role. Returns a sentence saying what changed. */
export async function setOperator(api: AdminApi, email: string, operator: boolean): Promise<string> {
  const user = await findUserByEmail(api, email);
  if (isOperator(user) === operator) return `${user.email} ${operator ? 'is already' : 'is not'} an operator: nothing changed`;
  if (!operator && user.app_metadata?.role !== 'operator') return `${user.email} is not an operator: nothing changed`;
  // GoTrue merges app_metadata; a null value removes the key.
  await call(api, 'PUT', `/users/${user.id}`, { app_metadata: { role: operator ? 'operator' : null } });
  return operator
    ? `${user.email} (${user.id}) is now an operator: every operator action accepts them now; the console shows on their page after their next sign-in or token refresh`
    : `${user.email} (${user.id}) is no longer an operator: every operator action refuses them now`;
}

/** Every operator's email, page by page through the admin API. */
export async function listOperators(api: AdminApi): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page <= 1000; page += 1) {
    const { users } = (await call(api, 'GET', `/users?page=${page}&per_page=1000`)) as { users: AdminUser[] };
    for (const u of users) if (isOperator(u)) out.push(`${u.email ?? '(no email)'}\t${u.id}`);
    if (users.length < 1000) break;
  }
  return out;
}

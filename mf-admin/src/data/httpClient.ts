/**
 * react-admin's HTTP client over our /rest/v1 with the kernel's session: every request carries the
 * project's anon key and the signed-in operator's access token, read from the one Supabase client
 * (getSession refreshes a token about to expire), so the console never holds a session of its own.
 */
import { fetchUtils } from 'react-admin';
import { getRuntimeConfig, getSupabase } from '@need40/shared';

export async function accessToken(): Promise<string | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token ?? null;
}

export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const { supabaseAnonKey } = getRuntimeConfig();
  headers.set('apikey', supabaseAnonKey);
  headers.set('Authorization', `Bearer ${(await accessToken()) ?? supabaseAnonKey}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

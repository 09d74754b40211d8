/**
 * Runtime configuration, read once at start from a JSON file the shell serves (`/config.json`),
 * so one build runs against any backend. Missing or broken configuration falls back to the
 * built-in connection values (docs/product.md, error catalogue), which match the backend's documented development defaults.
 *
 * @example
 *   await loadRuntimeConfig();            // in a bootstrap, before the first render
 *   getRuntimeConfig().supabaseUrl;       // anywhere after
 */

export interface RuntimeConfig {
  /** Base URL of the Supabase-compatible backend (auth at /auth/v1, REST at /rest/v1). */
  supabaseUrl: string;
  /** The public anon key. Not a secret: it only identifies the project; RLS guards the data. */
  supabaseAnonKey: string;
  /** The product's public URL (share text, email redirects). */
  siteUrl: string;
  /** PayPal.me account that receives Pay $600 and Give40 (the amount is appended). */
  paypalMeUrl: string;
}

/**
 * Built-in development values. The anon key is the well-known Supabase local-development key,
 * signed with the backend's documented development JWT secret; production backends refuse that secret.
 */
export const BUILT_IN_CONFIG: RuntimeConfig = Object.freeze({
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  siteUrl: 'http://localhost:3000',
  paypalMeUrl: 'https://paypal.me/need40',
});

let current: RuntimeConfig | null = null;

const KEYS = Object.keys(BUILT_IN_CONFIG) as (keyof RuntimeConfig)[];

/** Keep the well-formed string fields of `raw`; anything else falls back to the built-in value. */
export function normalizeConfig(raw: unknown): RuntimeConfig {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out = { ...BUILT_IN_CONFIG };
  for (const key of KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim().replace(/\/+$/, '');
  }
  return out;
}

export function setRuntimeConfig(raw: unknown): RuntimeConfig {
  current = normalizeConfig(raw);
  return current;
}

/** The configuration in force: what was loaded, else the built-in values. */
export function getRuntimeConfig(): RuntimeConfig {
  return current ?? BUILT_IN_CONFIG;
}

/**
 * Fetch the configuration file once. Never throws: on a network or parse failure it logs and
 * keeps the built-in values, so the page still renders (and the connection banner tells the truth).
 */
export async function loadRuntimeConfig(url = '/config.json', fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  if (current) return current;
  try {
    const res = await fetchImpl(url, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return setRuntimeConfig(await res.json());
  } catch (error) {
    console.warn('[need40] runtime configuration missing; using built-in connection values.', error);
    return setRuntimeConfig({});
  }
}

/** Tests only: forget the loaded configuration. */
export function resetRuntimeConfig(): void {
  current = null;
}

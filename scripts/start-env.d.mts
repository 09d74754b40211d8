// Types of start-env.mjs for the TypeScript callers (the backend's test of the mail links).
export interface StartPlan {
  apps: { pkg: string; name: string; port: number }[];
  publicHost: string;
  backendPort: number;
  config: { supabaseUrl: string; supabaseAnonKey: string; siteUrl: string; paypalMeUrl: string };
  remotes: { remotes: Record<string, string> } & Record<string, unknown>;
  backendEnv: { PORT: string; SITE_URL: string; API_EXTERNAL_URL: string };
}
export function startPlan(
  env: Record<string, string | undefined>,
  base: { supabaseUrl: string; supabaseAnonKey: string; paypalMeUrl: string },
): StartPlan;

// Types of check-secrets.mjs for the TypeScript callers (e2e).
export interface Secret {
  name: string;
  value: string;
}
export interface Finding {
  file: string;
  what: string;
}
export const APP_DIRS: string[];
export function secretsFromEnv(env?: Record<string, string | undefined>): Secret[];
export function findSecrets(options?: { dirs?: string[]; secrets?: Secret[] }): Promise<{ files: number; findings: Finding[] }>;

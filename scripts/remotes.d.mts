// Types of remotes.mjs for the TypeScript callers (e2e).
export interface App {
  name: string;
  package: string;
  port: number;
  exposes?: Record<string, string>;
  firstScreen?: boolean;
  operatorsOnly?: boolean;
}
export const SHELL: App;
export const REMOTES: App[];
export const APPS: App[];
export function appNamed(name: string): App;
export function portOf(app: App, env?: Record<string, string | undefined>): number;
export function remotesJson(
  urlOf: (app: App) => string,
  options?: { loadTimeoutMs?: number; retries?: number },
): { remotes: Record<string, string>; firstScreen: string[]; loadTimeoutMs: number; retries: number };

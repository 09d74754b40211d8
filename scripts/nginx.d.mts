// Types of nginx.mjs for the TypeScript callers (backend drills and tests, deploy drills).
export function nginxBinary(): string | null;
export function aptInstall(...packages: string[]): void;
export function ensureNginx(): string;

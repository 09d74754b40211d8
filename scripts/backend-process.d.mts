// Types of backend-process.mjs for the TypeScript callers (e2e, backend drills and benches).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export type Entry = 'dist' | 'tsx';
export const BACKEND_DIR: string;
export function entryArgs(entry: Entry): string[];
export function freePort(): Promise<number>;
export function healthy(port: number, timeoutMs?: number): Promise<boolean>;
export function spawnBackend(options: { entry?: Entry; env: NodeJS.ProcessEnv; stdio?: StdioOptions; killOnExit?: boolean }): ChildProcess;
export function waitUntilHealthy(
  child: ChildProcess,
  port: number,
  options?: { timeoutMs?: number; pollMs?: number; since?: number; detail?: () => string },
): Promise<number>;

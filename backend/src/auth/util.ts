/** Small helpers shared by the auth endpoints: random tokens, hashes, time as SQL parameters. */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
export const sha256B64url = (s: string) => createHash('sha256').update(s).digest('base64url');
export const hmacB64url = (key: string, s: string) => createHmac('sha256', key).update(s).digest('base64url');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const randomHex = (bytes = 28) => randomBytes(bytes).toString('hex');

/** A JS time (ms) as an ISO string for timestamptz parameters. */
export const iso = (ms: number) => new Date(ms).toISOString();

/** A timestamp from the database (Date from both drivers, or a string) as GoTrue renders it. */
export function ts(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const ms = (value: unknown): number => (value instanceof Date ? value.getTime() : new Date(String(value)).getTime());

/** A JSON column from either driver. */
export function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** SQLSTATE 23505 from either driver. */
export const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

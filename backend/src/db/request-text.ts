/**
 * The query string of one API request (types.ts, RequestUnit): begin, the settings as one select,
 * the statement, and — unless the caller still decides inside the transaction — its end. Both
 * drivers send it whole (PostgreSQL: one simple-protocol query; PGlite: one exec), so the
 * statement's result is always the third.
 */
import type { RequestUnit } from './types';

/** A setting's name or value as an E'' literal (quotes and backslashes doubled). */
function text(s: string): string {
  // Settings are the backend's own text (a role, claims as JSON, the method): never a NUL.
  if (s.includes('\u0000')) throw new Error('a request setting holds a NUL character');
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

export function requestText(unit: RequestUnit, withEnd: boolean): string {
  const settings = unit.settings.map(([name, value]) => `set_config(${text(name)}, ${text(value)}, true)`);
  const parts = [unit.readOnly ? 'begin read only' : 'begin', `select ${settings.length ? settings.join(', ') : '1'}`, unit.sql];
  if (withEnd) parts.push(unit.end);
  return parts.join(';\n');
}

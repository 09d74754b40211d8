/**
 * The Prefer header of /rest/v1, read as PostgREST reads it: values may come comma-joined in one
 * header or in several. Unknown or unfulfillable values are ignored (`handling=lenient`, the
 * default) or refused with 400 PGRST122 (`handling=strict`). Preference-Applied lists the ones
 * honoured, in PostgREST's order.
 */
import { invalidPreferences } from './errors';

/** PostgREST's `db-tx-end`: how a request's transaction ends, and whether `Prefer: tx=` may change it. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  /** How the transaction ends (db-tx-end, overridden by Prefer: tx= where allowed). */
  tx: 'commit' | 'rollback';
  /** max-affected=N: honoured with handling=strict only (PGRST124 past it). */
  maxAffected?: number;
  /** The honoured preferences, for Preference-Applied. */
  applied: string[];
}

const CHOICES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

/** The order PostgREST writes Preference-Applied in. */
const APPLIED_ORDER = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'max-affected'];

/** Parse `raw` (all Prefer headers joined by commas); `txEnd` is the server's db-tx-end. */
export function parsePrefer(raw: string, txEnd: TxEnd = 'commit'): Preferences {
  const seen = new Map<string, string>();
  const invalid: string[] = [];
  for (const part of raw.split(',')) {
    const token = part.trim();
    if (token === '') continue;
    const eq = token.indexOf('=');
    const k = eq < 0 ? token : token.slice(0, eq).trim();
    const v = eq < 0 ? '' : token.slice(eq + 1).trim();
    const ok = k === 'max-affected' ? /^\d{1,9}$/.test(v) : Object.hasOwn(CHOICES, k) && CHOICES[k]!.includes(v);
    // tx= may only change how the transaction ends when the server allows it (db-tx-end *-allow-override).
    if (!ok || (k === 'tx' && !txEnd.endsWith('allow-override'))) invalid.push(token);
    else if (!seen.has(k)) seen.set(k, v);
  }
  const strict = seen.get('handling') === 'strict';
  if (strict && invalid.length) throw invalidPreferences(invalid);
  if (!strict) seen.delete('max-affected');
  const prefs: Preferences = { tx: txEnd.startsWith('rollback') ? 'rollback' : 'commit', applied: [] };
  for (const [k, v] of seen) {
    if (k === 'max-affected') prefs.maxAffected = Number(v);
    else (prefs as unknown as Record<string, string>)[k] = v;
  }
  prefs.applied = APPLIED_ORDER.filter((k) => seen.has(k)).map((k) => `${k}=${seen.get(k)}`);
  return prefs;
}

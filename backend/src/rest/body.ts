/**
 * Request bodies of /rest/v1, parsed once: the text is kept (it travels to SQL as one JSON
 * parameter, exact numbers, no re-encoding) and the parsed value is used only for its shape and
 * keys. A body nested deeper than LIMITS.bodyNesting never reaches a JSON parser (http/limits.ts).
 */
import { LIMITS, jsonDepth } from '../http/limits';
import { bodyError } from './errors';

/** A table write's body: one object or an array of objects. (An rpc call's body: rpc-args.ts.) */
export interface TableBody {
  text: string;
  rows: Record<string, unknown>[];
  isArray: boolean;
}

/** Parse JSON text (bounded nesting); anything else is 400 PGRST102. */
export function readJson(raw: string): unknown {
  if (jsonDepth(raw) > LIMITS.bodyNesting) throw bodyError('JSON nested too deeply', `Arrays and objects may be nested at most ${LIMITS.bodyNesting} levels deep`);
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw bodyError('Empty or invalid json', (error as Error).message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** POST (array allowed) and PATCH (one object) on a table. */
export function tableBody(raw: string | undefined, allowArray: boolean): TableBody {
  if (raw === undefined || raw.trim() === '') throw bodyError();
  const value = readJson(raw);
  const isArray = Array.isArray(value);
  if (isArray && !allowArray) throw bodyError('Expected a JSON object, not an array');
  const rows = (isArray ? value : [value]) as unknown[];
  if (!rows.every(isObject)) throw bodyError('All elements must be JSON objects');
  return { text: raw, rows, isArray };
}

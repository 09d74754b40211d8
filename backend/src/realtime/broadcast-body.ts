/**
 * The body of `POST /realtime/v1/api/broadcast` — `{messages: [{topic, event, payload, private?}]}`
 * — checked field by field with Realtime's (Ecto's) error shape, so a client sees the same 422:
 *   {"errors": {"messages": ["can't be blank"]}}
 *   {"errors": {"messages": [{}, {"topic": ["can't be blank"]}]}}
 */
import { MAX_TOPIC_LENGTH } from './limits';

export interface BroadcastMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  private: boolean;
}

export type BodyCheck = { ok: true; messages: BroadcastMessage[] } | { ok: false; errors: Record<string, unknown> };

const BLANK = "can't be blank";
const INVALID = 'is invalid';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(value: unknown, errors: Record<string, string[]>, field: string): string {
  if (value === undefined || value === null || value === '') errors[field] = [BLANK];
  else if (typeof value !== 'string') errors[field] = [INVALID];
  else if (value.length > MAX_TOPIC_LENGTH) errors[field] = [`should be at most ${MAX_TOPIC_LENGTH} character(s)`];
  return typeof value === 'string' ? value : '';
}

function message(raw: unknown): { message?: BroadcastMessage; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  if (!isObject(raw)) return { errors: { messages: [INVALID] } };
  const topic = text(raw.topic, errors, 'topic');
  const event = text(raw.event, errors, 'event');
  if (raw.payload === undefined || raw.payload === null) errors.payload = [BLANK];
  else if (!isObject(raw.payload)) errors.payload = [INVALID];
  if (raw.private !== undefined && raw.private !== null && typeof raw.private !== 'boolean') errors.private = [INVALID];
  if (Object.keys(errors).length) return { errors };
  return { message: { topic, event, payload: raw.payload as Record<string, unknown>, private: raw.private === true }, errors };
}

export function checkBroadcastBody(body: unknown): BodyCheck {
  const list = isObject(body) ? body.messages : undefined;
  if (list === undefined || list === null || (Array.isArray(list) && !list.length)) return { ok: false, errors: { messages: [BLANK] } };
  if (!Array.isArray(list)) return { ok: false, errors: { messages: [INVALID] } };
  const checked = list.map(message);
  if (checked.some((c) => 'messages' in c.errors)) return { ok: false, errors: { messages: [INVALID] } };
  if (checked.some((c) => !c.message)) return { ok: false, errors: { messages: checked.map((c) => c.errors) } };
  return { ok: true, messages: checked.map((c) => c.message!) };
}

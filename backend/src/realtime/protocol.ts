/**
 * Phoenix channel frames as realtime-js speaks them.
 *   vsn 1.0.0: text frames, an object {join_ref, ref, topic, event, payload}.
 *   vsn 2.0.0 (realtime-js's default): text frames, an array [join_ref, ref, topic, event, payload];
 *     plus binary frames for broadcast: the client pushes kind 3 (user broadcast push) and the
 *     server sends kind 4 (user broadcast) when the user payload is binary.
 * Decoding never throws: a frame that is not one of these shapes, or nested deeper than
 * MAX_JSON_DEPTH (checked on the text, before parsing), comes back as null.
 */
import { jsonDepth } from '../http/limits';
import { MAX_JSON_DEPTH } from './limits';

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload is raw bytes (binary push with encoding 0). */
export interface BinaryPayload {
  binary: Buffer;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const refOf = (v: unknown): string | null | undefined =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

function frameOf(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Frame | null {
  const j = refOf(joinRef);
  const r = refOf(ref);
  if (j === undefined || r === undefined || typeof topic !== 'string' || typeof event !== 'string') return null;
  if (payload === null || typeof payload !== 'object') return null;
  return { joinRef: j, ref: r, topic, event, payload };
}

/** JSON text within the depth bound, parsed; undefined when it is not JSON or too deep. */
export function parseBounded(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function decodeText(text: string, vsn: Vsn): Frame | null {
  const data = parseBounded(text);
  if (data === undefined) return null;
  if (vsn === '2.0.0') {
    if (!Array.isArray(data) || data.length !== 5) return null;
    return frameOf(data[0], data[1], data[2], data[3], data[4]);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const o = data as Record<string, unknown>;
  return frameOf(o.join_ref, o.ref, o.topic, o.event, o.payload);
}

/** Kind 3: [kind, joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] then the fields, then the payload. */
export function decodeBinary(buf: Buffer): Frame | null {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const lens = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!];
  const encoding = buf[6];
  let offset = 7;
  const fields: string[] = [];
  for (const len of lens) {
    if (offset + len > buf.length) return null;
    fields.push(buf.subarray(offset, offset + len).toString('utf8'));
    offset += len;
  }
  const [joinRef, ref, topic, userEvent, meta] = fields as [string, string, string, string, string];
  const body = buf.subarray(offset);
  let userPayload: unknown;
  if (encoding === ENCODING_JSON) {
    userPayload = parseBounded(body.toString('utf8'));
    if (userPayload === undefined) return null;
  } else if (encoding === ENCODING_BINARY) {
    userPayload = { binary: Buffer.from(body) } satisfies BinaryPayload;
  } else {
    return null;
  }
  if (meta !== '' && parseBounded(meta) === undefined) return null;
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: { type: 'broadcast', event: userEvent, payload: userPayload } };
}

/**
 * A payload already serialised: one change goes to many channels, and serialising its row once
 * instead of once per subscriber is most of the cost of a fan-out.
 */
export class RawJson {
  constructor(readonly json: string) {}
}

export function encodeText(frame: Frame, vsn: Vsn): string {
  if (frame.payload instanceof RawJson) {
    const head = vsn === '2.0.0'
      ? JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event]).slice(0, -1)
      : JSON.stringify({ join_ref: frame.joinRef, ref: frame.ref, topic: frame.topic, event: frame.event }).slice(0, -1);
    return vsn === '2.0.0' ? `${head},${frame.payload.json}]` : `${head},"payload":${frame.payload.json}}`;
  }
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({ join_ref: frame.joinRef, ref: frame.ref, topic: frame.topic, event: frame.event, payload: frame.payload });
}

/** Kind 4: [kind, topicLen, eventLen, metaLen, encoding] then topic, event, meta, payload. */
export function encodeBinaryBroadcast(topic: string, userEvent: string, bytes: Buffer): Buffer | null {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(userEvent, 'utf8');
  if (t.length > 255 || e.length > 255) return null;
  return Buffer.concat([Buffer.from([KIND_USER_BROADCAST, t.length, e.length, 0, ENCODING_BINARY]), t, e, bytes]);
}

export const isBinaryPayload = (v: unknown): v is BinaryPayload =>
  typeof v === 'object' && v !== null && Buffer.isBuffer((v as BinaryPayload).binary);

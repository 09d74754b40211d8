/**
 * The store of auth.sessions: starting, finding, raising and ending sessions. Deleting a session
 * deletes its refresh tokens too (foreign key, on delete cascade).
 */
import type { Tx } from '../../db/types';

/** One entry of a session's amr (authentication methods reference). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** A row of auth.sessions. */
export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  amr: unknown;
  factor_id: string | null;
  created_at: unknown;
}

export interface NewSession {
  userId: string;
  amr: AmrEntry[];
  ip: string | null;
  userAgent: string | null;
  at: string;
}

/** A new session at aal1. */
export async function insertSession(tx: Tx, s: NewSession): Promise<SessionRow> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (user_id, aal, amr, ip, user_agent, created_at, updated_at)
     values ($1, 'aal1', $2::jsonb, $3, $4, $5, $5) returning *`,
    [s.userId, JSON.stringify(s.amr), s.ip, s.userAgent, s.at],
  );
  return rows[0]!;
}

export async function findSession(tx: Tx, id: string): Promise<SessionRow | null> {
  return (await tx.query<SessionRow>('select * from auth.sessions where id = $1', [id])).rows[0] ?? null;
}

/** The session, locked for the rest of the transaction (one refresh at a time), or null. */
export async function lockSession(tx: Tx, id: string): Promise<SessionRow | null> {
  return (await tx.query<SessionRow>('select * from auth.sessions where id = $1 for update', [id])).rows[0] ?? null;
}

export async function markRefreshed(tx: Tx, id: string, at: string): Promise<void> {
  await tx.query('update auth.sessions set refreshed_at = $2, updated_at = $2 where id = $1', [id, at]);
}

/**
 * Raise the session to aal2 by a factor: the method's earlier entry in amr is replaced by `entry`.
 * Returns the session, or null when it has ended.
 */
export async function raiseToAal2(tx: Tx, id: string, factorId: string, entry: AmrEntry, at: string): Promise<SessionRow | null> {
  const { rows } = await tx.query<SessionRow>(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3,
       amr = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(amr) e where e ->> 'method' <> $4) || $5::jsonb
     where id = $1 returning *`,
    [id, factorId, at, entry.method, JSON.stringify([entry])],
  );
  return rows[0] ?? null;
}

export async function deleteSession(tx: Tx, id: string): Promise<void> {
  await tx.query('delete from auth.sessions where id = $1', [id]);
}

/** Every session of the user ends, but `exceptId` when given (their refresh tokens go with them). */
export async function endSessionsOf(tx: Tx, userId: string, exceptId?: string): Promise<void> {
  if (exceptId === undefined) await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  else await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, exceptId]);
}

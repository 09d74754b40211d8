/**
 * The store of auth.rate_limits: one counter per key ("sign_in:ip:1.2.3.4", "email:a@b.c", …) in
 * a fixed window, in the database so that every instance counts into the same one.
 */
import type { Tx } from '../../db/types';

/** Count one event of the key in the window starting at `windowStart`; returns the window's count. */
export async function hitCounter(tx: Tx, key: string, windowStart: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `insert into auth.rate_limits (key, window_start, count) values ($1, $2, 1)
     on conflict (key) do update set
       count = case when auth.rate_limits.window_start = excluded.window_start then auth.rate_limits.count + 1 else 1 end,
       window_start = excluded.window_start
     returning count`,
    [key, windowStart],
  );
  return Number(rows[0]?.count ?? 0);
}

/** The counts of these keys in the window starting at `windowStart` (keys without one are absent). */
export async function countersIn(tx: Tx, keys: string[], windowStart: string): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ key: string; count: number }>('select key, count from auth.rate_limits where key = any($1::text[]) and window_start = $2', [keys, windowStart]);
  return new Map(rows.map((r) => [r.key, Number(r.count)]));
}

/** Counters of windows that started before `before` are dead weight. */
export async function deleteCountersBefore(tx: Tx, before: string): Promise<void> {
  await tx.query('delete from auth.rate_limits where window_start < $1', [before]);
}

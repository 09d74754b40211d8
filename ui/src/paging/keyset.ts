/**
 * The PostgREST filters for "the rows after this one" in a newest-first list ordered by
 * `created_at desc, <tie> asc|desc`, the tie column making the order total (two rows can share a
 * timestamp). Given as two filters so the database can seek its `(…, created_at desc, tie)` index:
 * `created_at <= c` bounds the index scan, the `or` drops the rows of that instant already shown.
 *
 *   query.lte('created_at', f.lte).or(f.or)
 */
export function keysetAfter(createdAt: string, tie: string, tieValue: string, tieOrder: 'asc' | 'desc' = 'asc'): { lte: string; or: string } {
  // Quoted: a timestamp holds ':' and '.', which the or-syntax reserves.
  return { lte: createdAt, or: `created_at.lt."${createdAt}",${tie}.${tieOrder === 'asc' ? 'gt' : 'lt'}."${tieValue}"` };
}

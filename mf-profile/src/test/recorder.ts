/** What a query answers: supabase-js's `{ data, error, status }`. */
export type Answer = { data: unknown; error: unknown; status?: number };

/**
 * A recording stand-in for supabase-js's query builder (for a mocked getSupabase): every call is
 * logged in `calls`; `single()` answers `answer`, which a test sets before the call.
 */
export function recordingBuilder(answer: Answer = { data: null, error: null }) {
  const rec = { calls: [] as [string, unknown[]][], answer, builder: {} as Record<string, (...args: unknown[]) => unknown> };
  for (const name of ['from', 'select', 'eq', 'update']) {
    rec.builder[name] = (...args: unknown[]) => {
      rec.calls.push([name, args]);
      return rec.builder;
    };
  }
  rec.builder.single = async () => rec.answer;
  return rec;
}

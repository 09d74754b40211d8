/**
 * PostgREST's "Perhaps you meant …" hints (PGRST202) pick the closest name the way its fuzzy set
 * library (Haskell fuzzyset) does: candidates that share character n-grams with the query (3-grams
 * first, 2-grams when none do) are ranked by the cosine of their n-gram counts, the best 50 are
 * ranked again by normalised Levenshtein similarity, and the first at or above `minScore` wins.
 * N-grams are taken over the lower-cased text without punctuation (letters, digits, spaces and
 * commas kept), padded with '-'; an exact match (ignoring case) scores 1.
 */
function grams(text: string, size: number): Map<string, number> {
  const padded = `-${[...text.toLowerCase()].filter((c) => /[\p{L}\p{N}\s,]/u.test(c)).join('')}-`;
  const out = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const g = padded.slice(i, i + size);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

const magnitude = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, n) => s + n * n, 0));

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

const similarity = (a: string, b: string) => (a.length || b.length ? 1 - levenshtein(a, b) / Math.max(a.length, b.length) : 1);

export function closest(candidates: string[], query: string, minScore: number): string | undefined {
  const byKey = new Map(candidates.map((c) => [c.toLowerCase(), c]));
  const key = query.toLowerCase();
  if (byKey.has(key)) return byKey.get(key);
  for (const size of [3, 2]) {
    const q = grams(query, size);
    const scored = [...byKey.keys()].flatMap((k) => {
      const v = grams(k, size);
      let dot = 0;
      for (const [g, n] of q) dot += n * (v.get(g) ?? 0);
      return dot > 0 ? [{ k, score: dot / (magnitude(q) * magnitude(v)) }] : [];
    });
    const ranked = scored.sort((a, b) => b.score - a.score).slice(0, 50).map(({ k }) => ({ k, score: similarity(key, k) }));
    const best = ranked.sort((a, b) => b.score - a.score).find((r) => r.score >= minScore);
    if (best) return byKey.get(best.k);
  }
  return undefined;
}

/**
 * A static cost bound for the regular expressions of `match` / `imatch` (PostgreSQL's ~ and ~*),
 * checked before the pattern reaches the database.
 *
 * Why: PostgreSQL's regex engine (Spencer's ARE) compiles bounded repeats by copying the repeated
 * part, and the automaton's states for parts that may match the empty string (`a*`, `a?`) make
 * every row slow to test. PGlite runs on the main thread with no statement timeout, so one
 * pattern stalled the whole server: `((a*){1,255}){1,6}c` ran for minutes. Measured on PGlite,
 * 2 000 rows of 50 characters: `(a?b?c?d?e?f?g?h?){1,32}z` 3.9 s, 120 × `a?` 0.4 s,
 * `(ab|cd|ef|gh|ij){1,255}z` 0.2 s; `(a*b*)*` or `.*x` chains, which copy nothing, stay ~ms.
 *
 * The model: every atom (a character, a class, `.`, an escape) counts once per copy the enclosing
 * bounded repeats make (`{m,n}` makes n copies, `{m,}` m + 1); `*`, `+`, `?` copy nothing but add
 * a quantified part. A pattern is refused when its copies of atoms exceed `maxAtoms` or its copies
 * of quantified parts exceed `maxQuantified`, and always for back-references (`\1`…`\9`: matching
 * them backtracks) and for `***` directors and embedded options that change the syntax (x, q, b,
 * e), which this analyser does not follow. Anything it does not recognise counts as an atom, so
 * it errs towards refusing.
 *
 * @example regexCost("((a*){1,255}){1,6}c") // { atoms: 1531, quantified: 3066 }: refused
 */

export interface RegexCost {
  /** Atoms after the copies made by bounded repeats. */
  atoms: number;
  /** Quantified parts (`*`, `+`, `?`, `{m,n}`) after the copies made by bounded repeats. */
  quantified: number;
}

/**
 * Within it the worst shapes measured cost ~2–4× a plain pattern per row (PGlite, 2 000 rows:
 * 16 × `[a-z]?`, `(ab|cd|ef|gh){1,16}z`, `(\w*\s*){1,5}z` 120–180 ms against ~50 ms for `Gig`).
 */
export const REGEX_BUDGET = { maxAtoms: 128, maxQuantified: 16 } as const;

/** Why a pattern is refused, or null when it is within the budget. */
export function regexProblem(pattern: string, budget = REGEX_BUDGET): string | null {
  if (pattern.startsWith('***')) return 'Regular expression directors (***) are not supported';
  const options = /^\(\?([a-z]*)\)/.exec(pattern);
  if (options && /[^cimnpstw]/.test(options[1]!)) return 'Embedded options other than c, i, m, n, p, s, t, w are not supported';
  let cost: RegexCost;
  try {
    cost = regexCost(options ? pattern.slice(options[0].length) : pattern);
  } catch (error) {
    if (error instanceof BackReference) return 'Back-references (\\1 … \\9) are not supported in regular expressions';
    throw error;
  }
  if (cost.atoms > budget.maxAtoms || cost.quantified > budget.maxQuantified) {
    return `The regular expression is too costly: ${cost.atoms} atoms and ${cost.quantified} quantifiers once repeats are expanded (at most ${budget.maxAtoms} and ${budget.maxQuantified})`;
  }
  return null;
}

class BackReference extends Error {}

interface Scan {
  s: string;
  i: number;
}

/** The cost of `pattern` (ARE syntax). Throws BackReference for \1…\9. */
export function regexCost(pattern: string): RegexCost {
  const scan: Scan = { s: pattern, i: 0 };
  const total = { atoms: 0, quantified: 0 };
  // Unbalanced ")" at top level: count the rest as atoms (the database will refuse it anyway).
  while (scan.i < scan.s.length) {
    const part = alternation(scan);
    total.atoms += part.atoms;
    total.quantified += part.quantified;
    if (scan.i < scan.s.length) {
      scan.i++;
      total.atoms++;
    }
  }
  return total;
}

/** Branches separated by | up to a ")" or the end: their costs add up. */
function alternation(scan: Scan): RegexCost {
  const cost = { atoms: 0, quantified: 0 };
  while (scan.i < scan.s.length && scan.s[scan.i] !== ')') {
    if (scan.s[scan.i] === '|') {
      scan.i++;
      continue;
    }
    const piece = atom(scan);
    const q = quantifier(scan);
    if (q) {
      cost.atoms += piece.atoms * q.copies;
      cost.quantified += (piece.quantified + 1) * q.copies;
    } else {
      cost.atoms += piece.atoms;
      cost.quantified += piece.quantified;
    }
  }
  return cost;
}

const ZERO: RegexCost = { atoms: 0, quantified: 0 };
const ONE: RegexCost = { atoms: 1, quantified: 0 };

function atom(scan: Scan): RegexCost {
  const s = scan.s;
  const c = s[scan.i++]!;
  if (c === '(') {
    // (?: (?= (?! (?<= (?<! — the group's content is what costs.
    if (s[scan.i] === '?') {
      scan.i++;
      if (s[scan.i] === '<') scan.i++;
      if (s[scan.i] === ':' || s[scan.i] === '=' || s[scan.i] === '!') scan.i++;
    }
    const inner = alternation(scan);
    if (s[scan.i] === ')') scan.i++;
    return inner;
  }
  if (c === '[') {
    bracket(scan);
    return ONE;
  }
  if (c === '\\') {
    const e = s[scan.i++];
    if (e !== undefined && e >= '1' && e <= '9') throw new BackReference();
    // Constraint escapes match no character.
    if (e !== undefined && 'mMyYAZ'.includes(e)) return ZERO;
    return ONE;
  }
  if (c === '^' || c === '$') return ZERO;
  return ONE;
}

/** Skip a bracket expression: [^]…], with [:class:], [.coll.], [=equiv=] and escapes inside. */
function bracket(scan: Scan): void {
  const s = scan.s;
  if (s[scan.i] === '^') scan.i++;
  if (s[scan.i] === ']') scan.i++;
  while (scan.i < s.length && s[scan.i] !== ']') {
    if (s[scan.i] === '[' && ':.='.includes(s[scan.i + 1] ?? '')) {
      const close = s.indexOf(`${s[scan.i + 1]}]`, scan.i + 2);
      scan.i = close < 0 ? s.length : close + 2;
    } else if (s[scan.i] === '\\') scan.i += 2;
    else scan.i++;
  }
  scan.i++;
}

const BOUND = /^\{(\d{1,4})(,(\d{0,4}))?\}\??/;

/** A quantifier after an atom, with how many copies of it the engine makes. */
function quantifier(scan: Scan): { copies: number } | null {
  const c = scan.s[scan.i];
  if (c === '*' || c === '+' || c === '?') {
    scan.i++;
    if (scan.s[scan.i] === '?') scan.i++; // non-greedy
    return { copies: 1 };
  }
  if (c === '{') {
    const m = BOUND.exec(scan.s.slice(scan.i, scan.i + 12));
    if (!m) return null;
    scan.i += m[0].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? min + 1 : Number(m[3]);
    return { copies: Math.max(1, min, max) };
  }
  return null;
}

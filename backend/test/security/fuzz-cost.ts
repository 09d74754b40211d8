/**
 * Generators of costly query-string shapes for the REST fuzz: regular expressions with nested and
 * bounded repeats (the shape that stalled PGlite for minutes), embeds going round a cycle with
 * offsets, like storms, wide or=() trees, wide selects, long orders and runs of tsquery operators.
 * The fuzz properties hold them to the same rules as every other case: below 500, within the
 * request timeout ("never a hang"), nothing changed.
 */
import fc from 'fast-check';

/** A regular expression built from atoms, groups, alternations and quantifiers, nested up to 3 deep. */
export const costlyRegex: fc.Arbitrary<string> = fc.letrec<{ re: string }>((tie) => ({
  re: fc.array(
    fc.tuple(
      fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constantFrom('a', 'b', '.', '[a-z]', '\\d', '\\w', 'c'), tie('re').map((r) => `(${r})`), fc.tuple(tie('re'), tie('re')).map(([x, y]) => `(${x}|${y})`)),
      fc.oneof(
        fc.constantFrom('', '*', '+', '?', '*?'),
        fc.tuple(fc.nat(255), fc.nat(255)).map(([m, n]) => `{${Math.min(m, n)},${Math.max(m, n)}}`),
        fc.nat(255).map((n) => `{${n}}`),
      ),
    ).map(([atom, q]) => atom + q),
    { minLength: 1, maxLength: 6 },
  ).map((parts) => parts.join('')),
})).re;

/** A cycle through the foreign keys: gigs → profiles → gigs → …, with an offset on each level. */
const embedCycle = fc.integer({ min: 1, max: 10 }).map((levels): [string, string][] => {
  const names = Array.from({ length: levels }, (_, i) => (i % 2 === 0 ? 'profiles' : 'gigs'));
  let select = 'id';
  for (let i = levels - 1; i >= 0; i--) select = `id,${names[i]}!gigs_user_id_fkey(${select})`;
  const pairs: [string, string][] = [['select', select], ['offset', '1000']];
  names.forEach((n, i) => n === 'gigs' && pairs.push([`${names.slice(0, i + 1).join('.')}.offset`, '1000']));
  return pairs;
});

const many = (max: number) => fc.integer({ min: 1, max });

/**
 * New embedding shapes at their widest: many-to-many round trips (gigs ↔ profiles through
 * saved_gigs), to-many spreads, and aggregates over every column group, each level with an offset.
 */
const newShapes = fc.integer({ min: 1, max: 8 }).chain((levels) =>
  fc.constantFrom('m2m', 'spread', 'aggregate').map((kind): [string, string][] => {
    if (kind === 'aggregate') return [['select', Array.from({ length: levels * 12 }, (_, i) => `a${i}:rate.${['sum', 'avg', 'min', 'max'][i % 4]}()`).join(',') + ',title,location']];
    let select = 'id';
    for (let i = levels - 1; i >= 0; i--) select = kind === 'm2m' ? `id,${i % 2 === 0 ? 'profiles' : 'gigs'}!saved_gigs(${select})` : `id,...${i % 2 === 0 ? 'profiles' : 'gigs'}!gigs_user_id_fkey(${select.replace(/^id,?/, 'n' + i + ':id,')})`;
    return [['select', select], ['offset', '1000']];
  }),
);

/** One costly shape as query-string pairs on `gigs`. */
export const costlyPairs: fc.Arbitrary<[string, string][]> = fc.oneof(
  fc.tuple(fc.constantFrom('title', 'description'), fc.constantFrom('match', 'imatch', 'not.match', 'match(any)'), costlyRegex).map(([col, op, re]): [string, string][] => [
    [col, op === 'match(any)' ? `${op}.{"${re.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"}` : `${op}.${re}`],
  ]),
  fc.constant<[string, string][]>([['title', 'match.((a*){1,255}){1,6}c']]),
  embedCycle,
  newShapes,
  fc.tuple(many(120), fc.constantFrom('*a', '%_', '_', '*', '%a%')).map(([n, unit]): [string, string][] => [['title', `like.${unit.repeat(n)}z`]]),
  many(300).map((n): [string, string][] => [['or', `(${Array.from({ length: n }, (_, i) => `rate.eq.${i}`).join(',')})`]]),
  many(300).map((n): [string, string][] => [['select', Array.from({ length: n }, () => 'title').join(',')]]),
  many(60).map((n): [string, string][] => [['order', Array.from({ length: n }, () => 'title.desc').join(',')]]),
  fc.tuple(fc.constantFrom('fts', 'wfts', 'plfts', 'phfts'), many(2000), fc.constantFrom('!', '-', '! ', '!(')).map(([op, n, unit]): [string, string][] => [['title', `${op}.${unit.repeat(n)}a`]]),
);

import { describe, expect, it } from 'vitest';
import { RestApiError } from '../../src/http/errors';
import { parseLogic, parseOrder, parseQuery, parseSelect, queryPairs, splitTopLevel } from '../../src/rest/query-string';

const pgrst = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RestApiError);
    return (error as RestApiError).code;
  }
  throw new Error('expected a parse error');
};

describe('queryPairs', () => {
  it('decodes + as a space and keeps duplicates in order', () => {
    expect(queryPairs('/gigs?title=eq.Fix+leaking%20tap&rate=gte.1&rate=lte.2')).toEqual([
      ['title', 'eq.Fix leaking tap'], ['rate', 'gte.1'], ['rate', 'lte.2'],
    ]);
  });
  it('refuses broken percent-encoding with PGRST100', () => {
    expect(pgrst(() => queryPairs('/gigs?title=eq.%E0%A4%A'))).toBe('PGRST100');
  });
});

describe('splitTopLevel', () => {
  it('splits outside parentheses and quotes', () => {
    expect(splitTopLevel('a,b(c,d),"e,f",g')).toEqual(['a', 'b(c,d)', '"e,f"', 'g']);
  });
});

describe('parseSelect', () => {
  it('columns, aliases, casts, json paths, embeds with hints and !inner', () => {
    expect(parseSelect('*,name:full_name,rate::text,meta->a->>b,poster:profiles!gigs_user_id_fkey!inner(username,avatar_url)')).toEqual([
      { kind: 'star' },
      { kind: 'column', field: { name: 'full_name', jsonPath: [] }, alias: 'name', cast: undefined },
      { kind: 'column', field: { name: 'rate', jsonPath: [] }, alias: undefined, cast: 'text' },
      { kind: 'column', field: { name: 'meta', jsonPath: [{ op: '->', key: 'a' }, { op: '->>', key: 'b' }] }, alias: undefined, cast: undefined },
      {
        kind: 'embed', name: 'profiles', alias: 'poster', hint: 'gigs_user_id_fkey', inner: true, spread: false,
        items: [
          { kind: 'column', field: { name: 'username', jsonPath: [] }, alias: undefined, cast: undefined },
          { kind: 'column', field: { name: 'avatar_url', jsonPath: [] }, alias: undefined, cast: undefined },
        ],
      },
    ]);
  });
  it.each(['title,profiles(username', 'rate::text;drop', 'a b', '...profiles', 'x!y!z(*)', 'sum()', 'a.sum()::x;y', 'a.median()'])('refuses %s', (s) => {
    expect(pgrst(() => parseSelect(s))).toBe('PGRST100');
  });
  it('parses aggregates with input and output casts, spreads and empty embeds', () => {
    expect(parseSelect('count(),total:amount::numeric.sum()::int,...customers(city),orders()')).toEqual([
      { kind: 'column', field: { name: 'count', jsonPath: [] }, aggregate: 'count', countAll: true, aggregateCast: undefined, alias: undefined },
      { kind: 'column', field: { name: 'amount', jsonPath: [] }, cast: 'numeric', aggregate: 'sum', aggregateCast: 'int', alias: 'total' },
      { kind: 'embed', name: 'customers', alias: undefined, hint: undefined, inner: false, spread: true, items: [{ kind: 'column', field: { name: 'city', jsonPath: [] }, alias: undefined, cast: undefined }] },
      { kind: 'embed', name: 'orders', alias: undefined, hint: undefined, inner: false, spread: false, items: [] },
    ]);
  });
});

describe('parseOrder', () => {
  it('direction and nulls', () => {
    expect(parseOrder('created_at.desc.nullslast,id')).toEqual([
      { field: { name: 'created_at', jsonPath: [] }, dir: 'desc', nulls: 'last' },
      { field: { name: 'id', jsonPath: [] } },
    ]);
  });
});

describe('filters and logic trees', () => {
  it('scopes filters, order and limit to embeds; reads not., in lists and fts languages', () => {
    const q = parseQuery(queryPairs('/gigs?select=*,profiles(*)&rate=not.gte.5&title=in.(a,"b,c")&description=fts(english).cats&profiles.username=eq.x&profiles.limit=1&order=rate.desc'));
    const root = q.nodes.get('')!;
    expect(root.order).toEqual([{ field: { name: 'rate', jsonPath: [] }, dir: 'desc' }]);
    expect(root.filters).toMatchObject([
      { kind: 'cond', op: 'gte', negate: true, value: '5' },
      { kind: 'cond', op: 'in', list: ['a', 'b,c'] },
      { kind: 'cond', op: 'fts', lang: 'english', value: 'cats' },
    ]);
    expect(q.nodes.get('profiles')).toMatchObject({ limit: 1, filters: [{ op: 'eq', value: 'x' }] });
  });
  it('nested or/and with negation', () => {
    expect(parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.is.null))', 'or')).toMatchObject({
      kind: 'logic', op: 'or', negate: false,
      children: [{ kind: 'cond', op: 'eq', value: '1' }, { kind: 'logic', op: 'and', negate: true, children: [{ op: 'gt' }, { op: 'is', value: 'null' }] }],
    });
  });
  it.each(['rate=zz.1', 'rate=1', 'rate=is.maybe', 'or=(a.eq.1', 'limit=-1', 'rate=in.1,2'])('refuses %s', (qs) => {
    expect(pgrst(() => parseQuery(queryPairs(`/gigs?${qs}`)))).toBe('PGRST100');
  });
});

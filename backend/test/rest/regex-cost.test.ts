import { describe, expect, it } from 'vitest';
import { REGEX_BUDGET, regexCost, regexProblem } from '../../src/rest/regex-cost';

describe('regexCost', () => {
  it('counts atoms and quantified parts, multiplied by the copies bounded repeats make', () => {
    expect(regexCost('abc')).toEqual({ atoms: 3, quantified: 0 });
    expect(regexCost('a*b+c?')).toEqual({ atoms: 3, quantified: 3 });
    expect(regexCost('a{3}')).toEqual({ atoms: 3, quantified: 3 });
    expect(regexCost('a{2,5}')).toEqual({ atoms: 5, quantified: 5 });
    expect(regexCost('a{4,}')).toEqual({ atoms: 5, quantified: 5 });
    expect(regexCost('(ab){10}')).toEqual({ atoms: 20, quantified: 10 });
    expect(regexCost('(a*){1,255}c')).toEqual({ atoms: 256, quantified: 510 });
    expect(regexCost('((a*){1,255}){1,6}c')).toEqual({ atoms: 1531, quantified: 3066 });
  });

  it('alternatives add up; anchors and constraint escapes cost nothing', () => {
    expect(regexCost('(ab|cd|ef)')).toEqual({ atoms: 6, quantified: 0 });
    expect(regexCost('^\\mab\\M$')).toEqual({ atoms: 2, quantified: 0 });
  });

  it('a bracket expression is one atom, whatever it holds', () => {
    expect(regexCost('[a-z0-9_]')).toEqual({ atoms: 1, quantified: 0 });
    expect(regexCost('[]a]')).toEqual({ atoms: 1, quantified: 0 });
    expect(regexCost('[^]a]b')).toEqual({ atoms: 2, quantified: 0 });
    expect(regexCost('[[:alpha:][.hyphen.]]{2}')).toEqual({ atoms: 2, quantified: 2 });
    expect(regexCost('[\\]x]y')).toEqual({ atoms: 2, quantified: 0 });
  });

  it('non-capturing groups and lookarounds cost their content; non-greedy quantifiers count once', () => {
    expect(regexCost('(?:ab)+')).toEqual({ atoms: 2, quantified: 1 });
    expect(regexCost('(?=a)(?!b)(?<=c)(?<!d)')).toEqual({ atoms: 4, quantified: 0 });
    expect(regexCost('a*?b{2}?')).toEqual({ atoms: 3, quantified: 3 });
  });

  it('a brace that is not a bound is a plain atom', () => {
    expect(regexCost('a{x}')).toEqual({ atoms: 4, quantified: 0 });
  });

  it('unbalanced parentheses still end (the database refuses the pattern itself)', () => {
    expect(regexCost('a)b(c').atoms).toBeGreaterThanOrEqual(3);
    expect(regexCost('((((').atoms).toBe(0);
  });
});

describe('regexProblem', () => {
  it('lets ordinary patterns through', () => {
    for (const p of ['^Fence', 'paint|fence', '^(?:fence|wall)\\s+\\d{1,3}$', '[[:alpha:]]+', '(?i)abc', '.*x.*y', '(a|b)*c', 'x{1,16}']) {
      expect(regexProblem(p), p).toBeNull();
    }
  });

  it('refuses the shapes that stalled PGlite', () => {
    for (const p of ['((a*){1,255}){1,6}c', '(a?){1,255}c', '(a?b?c?d?e?f?g?h?){1,32}z', 'a?'.repeat(40), 'x{1,255}', '(ab|cd|ef|gh|ij){1,255}z']) {
      expect(regexProblem(p), p).toMatch(/too costly/);
    }
  });

  it('refuses back-references, directors and embedded options that change the syntax', () => {
    expect(regexProblem('(a)\\1')).toMatch(/Back-references/);
    expect(regexProblem('***:a')).toMatch(/directors/);
    expect(regexProblem('***=a*')).toMatch(/directors/);
    expect(regexProblem('(?x)a b # c')).toMatch(/Embedded options/);
    expect(regexProblem('(?q)a')).toMatch(/Embedded options/);
  });

  it('the budget is exactly the limit', () => {
    expect(regexProblem('a'.repeat(REGEX_BUDGET.maxAtoms))).toBeNull();
    expect(regexProblem('a'.repeat(REGEX_BUDGET.maxAtoms + 1))).toMatch(/too costly/);
    expect(regexProblem('a?'.repeat(REGEX_BUDGET.maxQuantified))).toBeNull();
    expect(regexProblem('a?'.repeat(REGEX_BUDGET.maxQuantified + 1))).toMatch(/too costly/);
  });
});

/**
 * The Prefer header's parser: a preference named like a property every JavaScript object has
 * (`valueOf`, `toString`, `constructor`, `__proto__`) is an unknown preference like any other —
 * ignored when lenient, refused (PGRST122) when strict — never a 500. The REST fuzz found
 * `Prefer: valueOf` answering 500.
 */
import { describe, expect, it } from 'vitest';
import { parsePrefer } from '../../src/rest/preferences';

describe('parsePrefer', () => {
  for (const name of ['valueOf', 'toString', 'constructor', '__proto__', 'hasOwnProperty=1']) {
    it(`treats "${name}" as an unknown preference`, () => {
      expect(parsePrefer(name)).toEqual({ tx: 'commit', applied: [] });
      expect(() => parsePrefer(`handling=strict, ${name}`)).toThrow(expect.objectContaining({ code: 'PGRST122' }));
    });
  }

  it('still reads the known ones', () => {
    expect(parsePrefer('return=representation, count=exact, valueOf')).toMatchObject({ return: 'representation', count: 'exact' });
  });
});

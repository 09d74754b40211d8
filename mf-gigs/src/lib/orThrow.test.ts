import { expect, it } from 'vitest';
import { orThrow } from './orThrow';

it('orThrow returns the data or throws the error', () => {
  expect(orThrow({ data: [1], error: null })).toEqual([1]);
  expect(() => orThrow({ data: null, error: { code: 'N4004' } })).toThrow();
});

import { describe, expect, it } from 'vitest';
import { parseSkills } from './skills';

describe('parseSkills', () => {
  it('splits skills into trimmed items', () => expect(parseSkills(' react, ts ,, css ')).toEqual(['react', 'ts', 'css']));
});

import { describe, expect, it } from 'vitest';
import { memberName, UNNAMED_MEMBER } from './memberName';

describe('memberName', () => {
  it('is the full name given at sign-up, trimmed', () => {
    expect(memberName({ full_name: '  Ada Lovelace ' })).toBe('Ada Lovelace');
  });

  it('never shows the generated username', () => {
    expect(memberName({ full_name: null, username: 'uxtester_cb1a' } as { full_name: null })).toBe(UNNAMED_MEMBER);
    expect(memberName({ full_name: '   ' })).toBe('A Need40 member');
  });

  it('names a missing profile (a deleted account, a hidden join) the same way', () => {
    expect(memberName(null)).toBe('A Need40 member');
    expect(memberName(undefined)).toBe('A Need40 member');
  });
});

import { describe, expect, it } from 'vitest';
import { centsOf, dollars } from './fields';
import { banArgs } from '../screens/members';

describe('the console’s money and ban arguments', () => {
  it('shows cents as dollars and reads typed dollars as whole cents', () => {
    expect(dollars(57000)).toBe('$570.00');
    expect(dollars('3')).toBe('$0.03');
    expect(dollars('x')).toBe('');
    expect(centsOf('300.5')).toBe(30050);
    expect(centsOf('0.1')).toBe(10);
    for (const blank of [undefined, '', '  ', 'abc', '-1']) expect(centsOf(blank)).toBeNull();
  });

  it('gives admin_ban_member no days for a permanent ban and a number otherwise', () => {
    expect(banArgs('u1', { reason: 'Scam', days: '' })).toEqual({ p_user_id: 'u1', p_reason: 'Scam', p_days: null });
    expect(banArgs('u1', { reason: 'Scam', days: '30' })).toEqual({ p_user_id: 'u1', p_reason: 'Scam', p_days: 30 });
  });
});

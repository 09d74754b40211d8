import { describe, expect, it } from 'vitest';
import { EMAIL_ERROR, emailError, LINK_ERROR, linkError, PHONE_ERROR, phoneError, webAddress } from './contactRules';

describe('profile contact rules', () => {
  it('keeps http(s) web addresses and gives a bare host https://', () => {
    expect(webAddress('https://github.com/ada')).toBe('https://github.com/ada');
    expect(webAddress(' http://example.com/x ')).toBe('http://example.com/x');
    expect(webAddress('github.com/ada')).toBe('https://github.com/ada');
    expect(linkError('')).toBeUndefined();
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/x', 'mailto:a@b.co', 'not a link', 'https://localhost-typo', 'https://exa mple.com', `https://example.com/${'a'.repeat(2048)}`])(
    'refuses %s',
    (raw) => {
      expect(webAddress(raw)).toBeNull();
      expect(linkError(raw)).toBe(LINK_ERROR);
    },
  );

  it('checks email addresses', () => {
    expect(emailError('ada@example.com')).toBeUndefined();
    expect(emailError('')).toBeUndefined();
    for (const bad of ['ada', 'ada@', 'ada@example', '@example.com', 'a b@example.com', `${'a'.repeat(320)}@example.com`]) expect(emailError(bad)).toBe(EMAIL_ERROR);
  });

  it('checks phone numbers', () => {
    for (const good of ['+44 20 7946 0000', '(555) 010-0100', '555.010.0100', '5550100']) expect(phoneError(good)).toBeUndefined();
    expect(phoneError('')).toBeUndefined();
    for (const bad of ['call me', '12345', '+1 555 0100 ext 2', '1234567890123456', 'javascript:alert(1)']) expect(phoneError(bad)).toBe(PHONE_ERROR);
  });
});

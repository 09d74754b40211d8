import { describe, expect, it } from 'vitest';
import { safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it('keeps http(s) and mailto links', () => {
    expect(safeUrl('https://github.com/ada')).toBe('https://github.com/ada');
    expect(safeUrl('linkedin.com/in/ada')).toBe('https://linkedin.com/in/ada');
    expect(safeUrl('mailto:ada@example.com')).toBe('mailto:ada@example.com');
  });
  it('refuses script and data URLs', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<script>')).toBeNull();
    expect(safeUrl('')).toBeNull();
  });
});

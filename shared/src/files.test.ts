import { afterEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from './config';
import { avatarSrc, publicFileUrl, safeFileName } from './files';
import { resetSupabase } from './supabase';

describe('avatarSrc', () => {
  afterEach(() => resetSupabase());

  it('keeps a web address, resizes a path of the avatars bucket, and shows nothing for anything else', () => {
    setRuntimeConfig({ supabaseUrl: 'https://api.example.com' });
    const id = '0b6f2b0e-5c1a-4f7e-9b7e-2c1d3e4f5a6b';
    expect(avatarSrc('https://cdn.example.com/me.png', 32)).toBe('https://cdn.example.com/me.png');
    expect(avatarSrc(`${id}/photo-1.webp`, 32)).toBe(`https://api.example.com/storage/v1/render/image/public/avatars/${id}/photo-1.webp?width=64&height=64&resize=cover`);
    for (const bad of ['', '  ', null, undefined, 'javascript:alert(1)', '../../rest/v1/gigs', `${id}/../x.png`, 'someone/photo.png']) expect(avatarSrc(bad, 32)).toBeNull();
    expect(publicFileUrl('portfolio', `${id}/work.pdf`)).toBe(`https://api.example.com/storage/v1/object/public/portfolio/${id}/work.pdf`);
    expect(publicFileUrl('portfolio', 'x/../y')).toBeNull();
  });

  it('safeFileName keeps what a storage key allows', () => {
    expect(safeFileName('My CV (final).pdf')).toBe('My-CV-final-.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('日本.png')).toBe('png');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName(`${'a'.repeat(200)}.jpg`)).toHaveLength(80);
  });
});
